// ICDAR 2013 Table Competition: the adjacency-relation measure (Göbel et al.), as the corpora
// README scores it from outside. A table is a grid of cells; every non-blank cell is related to
// the nearest non-blank cell to its right and the nearest below (blank cells skipped over; a
// spanning cell relates along every row / column it spans). A relation is (direction, text,
// neighbour's text) with the text normalised. Tables of a document are paired greedily by shared
// relations; precision = shared / predicted, recall = shared / ground truth (so missed and
// spurious tables count), micro over all relations and macro over documents.
import { findAll, type HElement, parseHtml } from './html-lite.js';

export interface GridCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
}

/** One table: its cells placed on a grid (0-based rows and columns). */
export type Table = GridCell[];

/** NFKC, typographic quotes and dashes to ASCII, `* _ \` ~` dropped, all whitespace removed. */
export function normalizeCellText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[*_`~]/g, '')
    .replace(/\s+/gu, '');
}

const xmlUnescape = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'amp') return '&';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    return String.fromCodePoint(k[1] === 'x' ? Number.parseInt(k.slice(2), 16) : Number(k.slice(1)));
  });

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return m ? (m[1] ?? m[2]) : undefined;
};

/** The tables of a competition `-str.xml` file (regions of one table merged, increments applied). */
export function parseStructureXml(xml: string): Table[] {
  const tables: Table[] = [];
  for (const t of xml.matchAll(/<table\b[^>]*>([\s\S]*?)<\/table>/g)) {
    const cells: Table = [];
    for (const r of t[1].matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const dr = Number(attr(r[1], 'row-increment') ?? 0);
      const dc = Number(attr(r[1], 'col-increment') ?? 0);
      for (const c of r[2].matchAll(/<cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/cell>)/g)) {
        const sr = Number(attr(c[1], 'start-row'));
        const sc = Number(attr(c[1], 'start-col'));
        const er = Number(attr(c[1], 'end-row') ?? sr);
        const ec = Number(attr(c[1], 'end-col') ?? sc);
        const content = /<content>([\s\S]*?)<\/content>/.exec(c[2] ?? '');
        cells.push({
          row: sr + dr,
          col: sc + dc,
          rowSpan: er - sr + 1,
          colSpan: ec - sc + 1,
          text: xmlUnescape(content?.[1] ?? ''),
        });
      }
    }
    tables.push(cells);
  }
  return tables;
}

function pipeCells(line: string): string[] | null {
  const t = line.trim();
  if (!t.includes('|')) return null;
  // Split on pipes not escaped with a backslash.
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '\\' && t[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (t[i] === '|') {
      cells.push(cur);
      cur = '';
    } else cur += t[i];
  }
  cells.push(cur);
  if (t.startsWith('|')) cells.shift();
  if (t.endsWith('|') && !t.endsWith('\\|')) cells.pop();
  return cells.map((c) => c.trim());
}

const isSeparator = (cells: string[]) =>
  cells.length > 0 && cells.every((c) => /^:?-+:?$/.test(c.replace(/ /g, '')));

function htmlText(el: HElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : c.tag === 'br' ? ' ' : htmlText(c))).join('');
}

function htmlTable(el: HElement): Table {
  const cells: Table = [];
  const taken = new Set<string>();
  let row = 0;
  for (const tr of findAll(el, 'tr')) {
    let col = 0;
    for (const td of tr.children) {
      if (typeof td === 'string' || (td.tag !== 'td' && td.tag !== 'th')) continue;
      while (taken.has(`${row},${col}`)) col++;
      const rowSpan = Math.max(1, Number(td.attrs.rowspan) || 1);
      const colSpan = Math.max(1, Number(td.attrs.colspan) || 1);
      for (let r = 0; r < rowSpan; r++) for (let c = 0; c < colSpan; c++) taken.add(`${row + r},${col + c}`);
      cells.push({ row, col, rowSpan, colSpan, text: htmlText(td) });
      col += colSpan;
    }
    row++;
  }
  return cells;
}

/** The tables of a Markdown document, in order: GFM pipe tables and HTML `<table>` elements. */
export function markdownTables(md: string): Table[] {
  const tables: { index: number; cells: Table }[] = [];
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  let html = '';
  let i = 0;
  while (i < lines.length) {
    const head = pipeCells(lines[i]);
    const sep = i + 1 < lines.length ? pipeCells(lines[i + 1]) : null;
    if (head && sep && isSeparator(sep)) {
      const rows = [head];
      i += 2;
      for (let r = pipeCells(lines[i] ?? ''); r && i < lines.length; r = pipeCells(lines[++i] ?? ''))
        rows.push(r);
      const cells: Table = [];
      rows.forEach((r, ri) => {
        r.forEach((text, ci) => {
          cells.push({ row: ri, col: ci, rowSpan: 1, colSpan: 1, text: text.replace(/<br\s*\/?>/gi, ' ') });
        });
      });
      tables.push({ index: html.length, cells });
      html += '\n';
      continue;
    }
    html += `${lines[i]}\n`;
    i++;
  }
  // HTML tables: parsed from the text that is not a pipe table; all ordered by position.
  if (/<table\b/i.test(html)) {
    const doc = parseHtml(html);
    const found = findAll(doc, 'table').filter((t) => !hasTableAncestor(doc, t));
    let from = 0;
    for (const t of found) {
      const at = html.toLowerCase().indexOf('<table', from);
      from = at + 1;
      tables.push({ index: at, cells: htmlTable(t) });
    }
  }
  return tables.sort((a, b) => a.index - b.index).map((t) => t.cells);
}

function hasTableAncestor(root: HElement, target: HElement): boolean {
  const walk = (el: HElement, inTable: boolean): boolean | undefined => {
    for (const c of el.children) {
      if (typeof c === 'string') continue;
      if (c === target) return inTable;
      const r = walk(c, inTable || c.tag === 'table');
      if (r !== undefined) return r;
    }
    return undefined;
  };
  return walk(root, false) ?? false;
}

/** The adjacency relations of a table as a multiset: `dir \u0000 text \u0000 neighbour` → count. */
export function relations(table: Table): Map<string, number> {
  const texts = table.map((c) => normalizeCellText(c.text));
  const at = new Map<string, number>();
  let rows = 0;
  let cols = 0;
  table.forEach((c, k) => {
    for (let r = 0; r < c.rowSpan; r++)
      for (let q = 0; q < c.colSpan; q++)
        if (!at.has(`${c.row + r},${c.col + q}`)) at.set(`${c.row + r},${c.col + q}`, k);
    rows = Math.max(rows, c.row + c.rowSpan);
    cols = Math.max(cols, c.col + c.colSpan);
  });
  const pairs = new Set<string>();
  const out = new Map<string, number>();
  const add = (dir: string, a: number, b: number) => {
    const key = `${dir}${a},${b}`;
    if (pairs.has(key)) return;
    pairs.add(key);
    const rel = `${dir}\u0000${texts[a]}\u0000${texts[b]}`;
    out.set(rel, (out.get(rel) ?? 0) + 1);
  };
  table.forEach((c, k) => {
    if (!texts[k]) return;
    for (let r = c.row; r < c.row + c.rowSpan; r++) {
      for (let q = c.col + c.colSpan; q < cols; q++) {
        const n = at.get(`${r},${q}`);
        if (n !== undefined && n !== k && texts[n]) {
          add('R', k, n);
          break;
        }
      }
    }
    for (let q = c.col; q < c.col + c.colSpan; q++) {
      for (let r = c.row + c.rowSpan; r < rows; r++) {
        const n = at.get(`${r},${q}`);
        if (n !== undefined && n !== k && texts[n]) {
          add('D', k, n);
          break;
        }
      }
    }
  });
  return out;
}

const size = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

function shared(a: Map<string, number>, b: Map<string, number>): number {
  let n = 0;
  for (const [k, v] of a) n += Math.min(v, b.get(k) ?? 0);
  return n;
}

export interface IcdarDocScore {
  shared: number;
  predicted: number;
  truth: number;
  found: number;
  missed: number;
  spurious: number;
  tablesTruth: number;
  tablesPredicted: number;
}

/** One document: ground-truth tables against predicted tables, paired greedily by shared relations. */
export function scoreTables(truth: Table[], pred: Table[]): IcdarDocScore {
  const tr = truth.map(relations);
  const pr = pred.map(relations);
  const cand: { s: number; i: number; j: number }[] = [];
  tr.forEach((a, i) => {
    pr.forEach((b, j) => {
      const s = shared(a, b);
      if (s > 0) cand.push({ s, i, j });
    });
  });
  cand.sort((x, y) => y.s - x.s || x.i - y.i || x.j - y.j);
  const usedT = new Set<number>();
  const usedP = new Set<number>();
  let total = 0;
  for (const c of cand) {
    if (usedT.has(c.i) || usedP.has(c.j)) continue;
    usedT.add(c.i);
    usedP.add(c.j);
    total += c.s;
  }
  return {
    shared: total,
    predicted: pr.reduce((a, m) => a + size(m), 0),
    truth: tr.reduce((a, m) => a + size(m), 0),
    found: usedT.size,
    missed: truth.length - usedT.size,
    spurious: pred.length - usedP.size,
    tablesTruth: truth.length,
    tablesPredicted: pred.length,
  };
}

const f1 = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
export const docPrecision = (d: IcdarDocScore) => (d.predicted ? d.shared / d.predicted : d.truth ? 0 : 1);
export const docRecall = (d: IcdarDocScore) => (d.truth ? d.shared / d.truth : 1);

/** The better of several ground-truth readings of one document (by F1). */
export function bestReading(readings: Table[][], pred: Table[]): IcdarDocScore {
  let best: IcdarDocScore | undefined;
  let bestF = -1;
  for (const t of readings) {
    const s = scoreTables(t, pred);
    const f = f1(docPrecision(s), docRecall(s));
    if (f > bestF) {
      best = s;
      bestF = f;
    }
  }
  return best!;
}

export interface IcdarMeans {
  micro_precision: number;
  micro_recall: number;
  micro_f1: number;
  macro_precision: number;
  macro_recall: number;
  macro_f1: number;
  tables: number;
  found: number;
  missed: number;
  spurious: number;
}

export function aggregateIcdar(docs: IcdarDocScore[]): IcdarMeans {
  const sum = (k: keyof IcdarDocScore) => docs.reduce((a, d) => a + d[k], 0);
  const sh = sum('shared');
  const p = sum('predicted') ? sh / sum('predicted') : 0;
  const r = sum('truth') ? sh / sum('truth') : 0;
  const mp = docs.length ? docs.reduce((a, d) => a + docPrecision(d), 0) / docs.length : 0;
  const mr = docs.length ? docs.reduce((a, d) => a + docRecall(d), 0) / docs.length : 0;
  return {
    micro_precision: p,
    micro_recall: r,
    micro_f1: f1(p, r),
    macro_precision: mp,
    macro_recall: mr,
    macro_f1: f1(mp, mr),
    tables: sum('tablesTruth'),
    found: sum('found'),
    missed: sum('missed'),
    spurious: sum('spurious'),
  };
}
