import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Block,
  blockText,
  type Doc,
  inlineText,
  type ParserPlugin,
  ParserRegistry,
  parse,
} from '@distill/core';
import { parseCsv } from '../src/csv/csv.js';
import { decodeCp1252 } from '../src/rtf/codepage.js';

/** Test support for the legacy/ODF/RTF parsers: corpus paths, parsing through the engine, NID. */
export const corpora = path.resolve(process.cwd(), '../shared/corpora');
export const hasCorpora = existsSync(corpora);
export const corpus = (rel: string): string => path.join(corpora, rel);

export async function markdownOf(
  plugins: ParserPlugin[],
  bytes: Uint8Array,
  filename: string,
  options: Record<string, unknown> = {},
): Promise<string> {
  const registry = new ParserRegistry();
  for (const p of plugins) registry.register(p);
  const r = await parse(bytes, options, { registry, filename });
  return r.markdown ?? '';
}

export const markdownOfFile = (plugins: ParserPlugin[], file: string): Promise<string> =>
  markdownOf(plugins, new Uint8Array(readFileSync(file)), path.basename(file));

/** The benchmark's NID (corpora README), so these tests and `pnpm bench` agree. */
export { markdownNid as nid } from '@distill/scorers/nid';

/** Collapses whitespace and Markdown escapes, for "text present" checks. */
export const flat = (s: string): string =>
  s
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** The cell texts of each sheet (a level-2 heading followed by its table) of a parsed workbook. */
export function sheetCells(doc: Doc): { name: string; cells: Set<string> }[] {
  const out: { name: string; cells: Set<string> }[] = [];
  for (const b of doc.blocks) {
    if (b.kind === 'heading' && b.level === 2) out.push({ name: inlineText(b.content), cells: new Set() });
    else if (b.kind === 'table' && out.length > 0)
      for (const r of b.rows)
        for (const c of r) out[out.length - 1].cells.add(norm(asCp1252Export(inlineText(c.content))));
  }
  return out;
}

/**
 * Whitespace collapsed; a cell of only '#' (a date Excel cannot show) is one '#' run whatever
 * its length: Excel's CSV export writes 255 of them, the number-format renderer a few.
 */
const norm = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^#{2,}$/, '##');

/** What a value becomes in Excel's cp1252 CSV export: characters outside cp1252 turn into `_`. */
const CP1252 = new Set(decodeCp1252(Uint8Array.from({ length: 256 }, (_, i) => i)));
export const asCp1252Export = (s: string): string => [...s].map((c) => (CP1252.has(c) ? c : '_')).join('');

/**
 * Share of Excel's displayed values (its CSV export of every sheet, cp1252) found among the
 * cells of the same sheet; the misses are listed for diagnosis.
 */
export function displayedValueScore(
  doc: Doc,
  file: string,
): { found: number; total: number; misses: string[] } {
  const dir = corpus('office/sheetjs/2016');
  // ODS copies have no export of their own: the same workbook's export (xls, xlsx…) stands in.
  const stem = path.basename(file).replace(/\.[^.]+$/, '');
  const base = [path.basename(file), ...['xls', 'xlsx', 'xlsb', 'xlsm'].map((e) => `${stem}.${e}`)].find(
    (b) => existsSync(path.join(dir, `${b}.sheetnames`)),
  );
  if (!base) throw new Error(`no Excel export for ${file}`);
  const names = readFileSync(path.join(dir, `${base}.sheetnames`), 'latin1')
    .split(/\r?\n/)
    .filter(Boolean);
  const sheets = sheetCells(doc);
  let found = 0;
  let total = 0;
  const misses: string[] = [];
  names.forEach((name, i) => {
    const csv = decodeCp1252(readFileSync(path.join(dir, `${base}.${i}.csv`)));
    const sheet = sheets.find((s) => s.name === name) ?? sheets[i];
    for (const row of parseCsv(csv, ','))
      for (const v of row) {
        const want = norm(v);
        if (!want) continue;
        total++;
        if (sheet?.cells.has(want)) found++;
        else misses.push(`${name}: ${want}`);
      }
  });
  return { found, total, misses };
}

/** Headings, list items, table cells and all text of blocks, for round-trip checks. */
export function structureOf(blocks: Block[]): {
  headings: string[];
  items: string[];
  cells: string[];
  text: string;
} {
  const headings: string[] = [];
  const items: string[] = [];
  const cells: string[] = [];
  const texts: string[] = [];
  const visit = (b: Block) => {
    texts.push(blockText(b));
    if (b.kind === 'heading') headings.push(`${'#'.repeat(b.level)} ${norm(inlineText(b.content))}`);
    else if (b.kind === 'list')
      for (const it of b.items) {
        const first = it.blocks[0];
        if (first && (first.kind === 'paragraph' || first.kind === 'heading'))
          items.push(norm(inlineText(first.content)));
        it.blocks.slice(1).forEach(visit);
      }
    else if (b.kind === 'table')
      for (const r of b.rows) for (const c of r) cells.push(norm(inlineText(c.content)));
    else if (b.kind === 'quote' || b.kind === 'footnote') b.children.forEach(visit);
  };
  blocks.forEach(visit);
  return { headings, items, cells, text: norm(texts.join('\n')) };
}

export const roundtripFixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(path.resolve(process.cwd(), 'fixtures/office-roundtrip', name)));
