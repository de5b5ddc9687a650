// Port of opendataloader-bench's evaluators (evaluator_reading_order.py, evaluator_table.py,
// evaluator_heading_level.py, evaluator.py): NID, NID-S, TEDS, TEDS-S, MHS, MHS-S per document
// and the overall score as the mean of the non-null NID, TEDS and MHS.
import { mean } from './fsum.js';
import { findAll, type HElement, parseHtml } from './html-lite.js';
import { ratio } from './lcs.js';
import { levenshtein, pyLen } from './levenshtein.js';
import { markdownTablesToHtml } from './markdown-tables.js';
import { collapseWs, htmlUnescape, PY_WS, splitlines } from './pytext.js';
import { countNodes, type TreeNode, treeEditDistance } from './tree-edit.js';

export interface DpScores {
  overall: number | null;
  nid: number | null;
  nid_s: number | null;
  teds: number | null;
  teds_s: number | null;
  mhs: number | null;
  mhs_s: number | null;
}

export const METRICS = ['overall', 'nid', 'nid_s', 'teds', 'teds_s', 'mhs', 'mhs_s'] as const;
export type Metric = (typeof METRICS)[number];

export interface DpOptions {
  /**
   * Strip Markdown emphasis (`**b**`, `_i_`, `~~s~~`) before NID, as the reference does since
   * 2026-04. The published peer numbers in the corpus README predate it, so it is off by default.
   */
  stripEmphasis?: boolean;
}

// ---------- NID ----------

const EMPHASIS = new RegExp(`(\\*{1,3}|~~|__|_)([^${PY_WS}](?:[\\s\\S]*?[^${PY_WS}])?)\\1`, 'g');
const HTML_TABLE = /<table[^>]*?>[\s\S]*?<\/table>/gi;

function stripEmphasis(text: string): string {
  let prev: string | undefined;
  while (prev !== text) {
    prev = text;
    text = text.replace(EMPHASIS, '$2');
  }
  return text;
}

export function evaluateReadingOrder(
  gt: string,
  pred: string,
  opts: DpOptions = {},
): [number | null, number | null] {
  const norm = (t: string) => collapseWs(opts.stripEmphasis ? stripEmphasis(t) : t);
  const gtHtml = markdownTablesToHtml(gt);
  const gtNorm = norm(gtHtml);
  const gtStripped = norm(gtHtml.replace(HTML_TABLE, ' '));
  if (!gtNorm) return [null, null];
  const predHtml = markdownTablesToHtml(pred);
  const predNorm = norm(predHtml);
  const predStripped = norm(predHtml.replace(HTML_TABLE, ' '));
  return [ratio(gtNorm, predNorm), ratio(gtStripped, predStripped)];
}

// ---------- TEDS ----------

interface TableNode extends TreeNode {
  tag: string;
  colspan: number | null;
  rowspan: number | null;
  content: string | null; // joined cell tokens, null for non-cells
  children: TableNode[];
}

function pyInt(v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const s = v.trim().replaceAll('_', '');
  if (!/^[+-]?\d+$/.test(s)) throw new Error(`invalid literal for int(): '${v}'`);
  return Number.parseInt(s, 10);
}

/** What the reference's string surgery and lxml re-parse leave: no bare thead/tbody, th as td. */
function normalizeElement(el: HElement): HElement {
  const children: (HElement | string)[] = [];
  for (const c of el.children) {
    if (typeof c === 'string') {
      children.push(c);
      continue;
    }
    const n = normalizeElement(c);
    if ((n.tag === 'thead' || n.tag === 'tbody') && Object.keys(c.attrs).length === 0)
      children.push(...n.children);
    else children.push(n);
  }
  return { tag: el.tag === 'th' ? 'td' : el.tag, attrs: el.attrs, children };
}

/** The reference's `tokenize()` of a cell minus its own tags: text, child tags, child tails. */
function cellTokens(el: HElement): string {
  let out = '';
  let skipTail = false;
  for (const c of el.children) {
    if (typeof c === 'string') {
      if (!skipTail) out += c;
      continue;
    }
    out += `<${c.tag}>${cellTokens(c)}</${c.tag}>`;
    skipTail = c.tag === 'td';
  }
  return out;
}

function toTableTree(el: HElement, structureOnly: boolean): TableNode {
  if (el.tag === 'td') {
    return {
      tag: 'td',
      colspan: pyInt(el.attrs.colspan, 1),
      rowspan: pyInt(el.attrs.rowspan, 1),
      content: structureOnly ? '' : cellTokens(el),
      children: [],
    };
  }
  const children: TableNode[] = [];
  for (const c of el.children) if (typeof c !== 'string') children.push(toTableTree(c, structureOnly));
  return { tag: el.tag, colspan: null, rowspan: null, content: null, children };
}

function countElements(el: HElement): number {
  let n = 0;
  for (const c of el.children) if (typeof c !== 'string') n += 1 + countElements(c);
  return n;
}

function normalizeCell(text: string): string {
  return collapseWs(htmlUnescape(text).replace(new RegExp(`<br[${PY_WS}]*/?>`, 'g'), '\n'));
}

function tableRename(a: TableNode, b: TableNode): number {
  if (a.tag !== b.tag || a.colspan !== b.colspan || a.rowspan !== b.rowspan) return 1;
  if (a.tag === 'td' && (a.content || b.content)) {
    const ca = normalizeCell(a.content ?? '');
    const cb = normalizeCell(b.content ?? '');
    if (!ca && !cb) return 0;
    return levenshtein(ca, cb) / Math.max(pyLen(ca), pyLen(cb));
  }
  return 0;
}

/**
 * The reference wraps all tables of a document in one more <table> (its wrapping test never
 * matches the joined string), which lxml keeps as an outer table holding every table.
 */
function tablesTree(tables: HElement[]): { wrapper: HElement } {
  return { wrapper: normalizeElement({ tag: 'table', attrs: {}, children: tables }) };
}

function teds(gtTables: HElement[], predTables: HElement[], structureOnly: boolean): number {
  const { wrapper: g } = tablesTree(gtTables);
  const { wrapper: p } = tablesTree(predTables);
  const nNodes = Math.max(countElements(p), countElements(g));
  const dist = treeEditDistance(toTableTree(p, structureOnly), toTableTree(g, structureOnly), tableRename);
  return 1 - dist / nNodes;
}

export function evaluateTable(gt: string, pred: string): [number | null, number | null] {
  const gtTables = findAll(parseHtml(markdownTablesToHtml(gt)), 'table');
  const predTables = findAll(parseHtml(markdownTablesToHtml(pred)), 'table');
  if (!gtTables.length) return [null, null];
  if (!predTables.length) return [0, 0];
  const s = teds(gtTables, predTables, true);
  const c = teds(gtTables, predTables, false);
  return [c, s];
}

// ---------- MHS ----------

interface HeadingNode extends TreeNode {
  tag: 'document' | 'heading' | 'content';
  text: string | null;
  children: HeadingNode[];
}

const HEADING = new RegExp(`^(#{1,6})[${PY_WS}]+([^\\n]*)$`);

function headingStructure(markdown: string): HeadingNode {
  const root: HeadingNode = { tag: 'document', text: null, children: [] };
  if (!markdown) return root;
  let current = root;
  let pending: string[] = [];
  const flush = () => {
    if (!pending.length) return;
    const t = collapseWs(pending.join(' '));
    pending = [];
    if (t) current.children.push({ tag: 'content', text: t, children: [] });
  };
  for (const line of splitlines(markdown)) {
    const m = HEADING.exec(line);
    if (m) {
      flush();
      const h: HeadingNode = { tag: 'heading', text: collapseWs(m[2]), children: [] };
      root.children.push(h);
      current = h;
      continue;
    }
    const n = collapseWs(line);
    if (n) pending.push(n);
  }
  flush();
  return root;
}

function headingRename(includeText: boolean) {
  return (a: HeadingNode, b: HeadingNode): number => {
    if (a.tag !== b.tag) return 1;
    if (!includeText) return 0;
    const ta = a.text ?? '';
    const tb = b.text ?? '';
    if (!ta && !tb) return 0;
    return levenshtein(ta, tb) / Math.max(pyLen(ta), pyLen(tb), 1);
  };
}

export function evaluateHeadingLevel(gt: string, pred: string): [number | null, number | null] {
  const g = headingStructure(markdownTablesToHtml(gt));
  if (!g.children.some((c) => c.tag === 'heading')) return [null, null];
  const p = headingStructure(markdownTablesToHtml(pred));
  if (!p.children.some((c) => c.tag === 'heading')) return [0, 0];
  const maxNodes = Math.max(countNodes(g), countNodes(p), 1);
  const withText = treeEditDistance(g, p, headingRename(true));
  const structure = treeEditDistance(g, p, headingRename(false));
  const clamp = (v: number) => Math.max(0, Math.min(1, v));
  return [clamp(1 - withText / maxNodes), clamp(1 - structure / maxNodes)];
}

// ---------- document and corpus ----------

/** Text as Python's `Path.read_text()` gives it: universal newlines. */
export function pyReadText(bytes: Uint8Array): string {
  let s: string;
  try {
    s = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return '';
  }
  return s.replace(/\r\n?/g, '\n');
}

export function scoreDocument(gt: string, pred: string, opts: DpOptions = {}): DpScores {
  const [nid, nid_s] = evaluateReadingOrder(gt, pred, opts);
  const [teds, teds_s] = evaluateTable(gt, pred);
  const [mhs, mhs_s] = evaluateHeadingLevel(gt, pred);
  const parts = [nid, teds, mhs].filter((v): v is number => v !== null);
  return { overall: mean(parts), nid, nid_s, teds, teds_s, mhs, mhs_s };
}

export type DpMeans = Record<Metric, number | null> & {
  nid_count: number;
  teds_count: number;
  mhs_count: number;
};

/** Means over documents of each metric, skipping nulls (evaluator.py `_aggregate_document_scores`). */
export function aggregate(docs: DpScores[]): DpMeans {
  const col = (k: Metric) => docs.map((d) => d[k]).filter((v): v is number => v !== null);
  const out = {} as DpMeans;
  for (const k of METRICS) out[k] = mean(col(k));
  out.nid_count = col('nid').length;
  out.teds_count = col('teds').length;
  out.mhs_count = col('mhs').length;
  return out;
}
