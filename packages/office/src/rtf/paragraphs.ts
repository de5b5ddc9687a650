import type { HeadingLevel, TableCell } from '@distill/core';
import { buildList, runsText, runsToInlines, trimInlines, unbold } from './inlines.js';
import type { RtfState, Run, Sink } from './state.js';

/**
 * Paragraph, table and list assembly. Paragraph properties (\pard, \s, \intbl, \ls, \ilvl,
 * \outlinelevel, \trhdr) are set as they are read; \par ends a paragraph, which becomes a
 * heading (from its style's name or outline level), a list entry (after \listtext or with
 * \ls) or a paragraph, or, inside a table, joins the current cell. \cell ends a cell, \row a
 * row; the first paragraph outside a table ends the table.
 */

type ParagraphWord = (r: RtfState, param: number | undefined) => void;

const PARAGRAPH_WORDS = new Map<string, ParagraphWord>([
  [
    'pard',
    (r) => {
      r.flushBytes();
      r.resetPara();
    },
  ],
  [
    's',
    (r, param) => {
      if (param !== undefined) r.para.style = param;
    },
  ],
  [
    'intbl',
    (r) => {
      r.para.intbl = true;
    },
  ],
  [
    'trhdr',
    (r) => {
      r.para.trhdr = true;
    },
  ],
  [
    'ilvl',
    (r, param) => {
      r.para.ilvl = Math.max(0, Math.min(8, param ?? 0));
    },
  ],
  [
    'ls',
    (r, param) => {
      r.para.ls = param ?? 0;
    },
  ],
  [
    'outlinelevel',
    (r, param) => {
      r.para.outline = param ?? -1;
    },
  ],
  ['par', endParagraph],
  ['sect', endParagraph],
  ['page', endParagraph],
  ['line', lineBreak],
  ['cell', endCell],
  [
    'nestcell',
    (r) => {
      // A nested table's cells are read as text of the outer cell.
      r.flushBytes();
      r.emit(' ');
    },
  ],
  ['row', endRow],
  // The footnote mark: the footnote group itself leaves the reference.
  ['chftn', () => {}],
]);

/** Handles a paragraph, table or list word; returns false for any other word. */
export function paragraphWord(r: RtfState, word: string, param: number | undefined): boolean {
  const handler = PARAGRAPH_WORDS.get(word);
  if (!handler) return false;
  handler(r, param);
  return true;
}

function lineBreak(r: RtfState): void {
  r.flushBytes();
  if (r.st.dest === 'body') r.sink().runs.push({ ...r.runOf(''), br: true });
}

function flushList(s: Sink): void {
  if (s.list.length > 0) s.blocks.push(buildList(s.list));
  s.list = [];
}

function flushTable(s: Sink): void {
  if (s.row.length > 0) {
    s.rows.push(s.row);
    s.row = [];
  }
  if (s.rows.length > 0) {
    flushList(s);
    s.blocks.push({ kind: 'table', rows: s.rows });
  }
  s.rows = [];
  s.headerRows = 0;
}

/** A heading's level, from its style's name ("heading 2", "Title") or its outline level. */
function headingLevel(r: RtfState): HeadingLevel | undefined {
  const name = r.styles.get(r.para.style);
  if (name) {
    const m = /^heading\s*(\d)/i.exec(name.trim());
    if (m && Number(m[1]) >= 1) return Math.min(6, Number(m[1])) as HeadingLevel;
    if (/^title$/i.test(name.trim())) return 1;
  }
  if (r.para.outline >= 0 && r.para.outline < 6) return (r.para.outline + 1) as HeadingLevel;
  return undefined;
}

/** A cell's paragraphs join with a space; empty ones are dropped. */
function addToCell(s: Sink, runs: Run[]): void {
  if (runsText(runs).trim() !== '' || runs.some((r) => r.note)) {
    if (s.cellRuns.length > 0)
      s.cellRuns.push({ ...runs[0], text: ' ', br: false, note: undefined, href: undefined });
    s.cellRuns.push(...runs);
  }
}

function endParagraph(r: RtfState): void {
  r.flushBytes();
  const s = r.sink();
  const para = r.para;
  const runs = s.runs;
  s.runs = [];
  const marker = para.marker;
  const hadMarker = para.hadMarker;
  para.marker = '';
  para.hadMarker = false;
  if (para.intbl) {
    addToCell(s, runs);
    return;
  }
  if (s.rows.length > 0 || s.row.length > 0) flushTable(s);
  const content = trimInlines(runsToInlines(runs));
  if (content.length === 0) return;
  const level = headingLevel(r);
  if (hadMarker || para.ls > 0) {
    if (level === undefined) {
      const ordered = /^\s*(\(?[0-9]+|[ivxlcdm]+|[a-z])[.)]/i.test(marker);
      // A top-level item of another kind (bullets after numbers) starts a new list.
      const first = s.list[0];
      if (first && para.ilvl <= first.level && first.ordered !== ordered) flushList(s);
      s.list.push({ level: para.ilvl, ordered, content });
      return;
    }
  }
  flushList(s);
  if (level !== undefined) s.blocks.push({ kind: 'heading', level, content: unbold(content) });
  else s.blocks.push({ kind: 'paragraph', content });
}

function endCell(r: RtfState): void {
  r.flushBytes();
  const s = r.sink();
  addToCell(s, s.runs);
  s.runs = [];
  r.para.marker = '';
  r.para.hadMarker = false;
  const tc: TableCell = { content: trimInlines(runsToInlines(s.cellRuns)) };
  if (r.para.trhdr) tc.header = true;
  s.row.push(tc);
  s.cellRuns = [];
}

function endRow(r: RtfState): void {
  r.flushBytes();
  const s = r.sink();
  if (s.runs.length > 0 && runsText(s.runs).trim() !== '') endCell(r);
  s.runs = [];
  if (s.row.length > 0) s.rows.push(s.row);
  s.row = [];
  r.para.trhdr = false;
}

/** Ends what a sink holds open: its last paragraph, table and list. */
export function finishSink(r: RtfState, s: Sink): void {
  if (s.runs.length > 0) endParagraph(r);
  flushTable(s);
  flushList(s);
}
