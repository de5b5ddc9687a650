import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Block, inlineText } from '@distill/core';
import { CORPORA, readCsvRows, toDoc } from './corpus.js';

export interface Agreement {
  file: string;
  sheets: number;
  expected: number;
  matched: number;
  misses: { sheet: string; value: string }[];
}

/** Windows-1252's 0x80–0x9F, which Node's TextDecoder reads as Latin-1 controls. */
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

export function decodeCp1252(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return s;
}

/** Excel writes characters that cp1252 cannot hold as '_'; ours are compared the same way. */
const asCp1252 = (s: string) => s.replace(/[^\u0000-\u00ff]/g, (c) => (CP1252_HIGH.includes(c) ? c : '_'));

/** Runs of '#' are Excel's "too wide / invalid date" display; their length is the column width. */
const norm = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return /^#{3,}$/.test(t) ? '####' : t;
};

function sheetCells(blocks: Block[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let cur: string[] | undefined;
  for (const b of blocks) {
    if (b.kind === 'heading' && b.level === 2) {
      cur = [];
      out.set(inlineText(b.content), cur);
    } else if (b.kind === 'table' && cur) {
      for (const row of b.rows) for (const c of row) cur.push(norm(inlineText(c.content)));
    }
  }
  return out;
}

/**
 * For a workbook of corpora/office/sheetjs: how many non-empty cells of Excel's own CSV export
 * of each sheet appear with the same text among our table cells of that sheet.
 */
export async function sheetAgreement(file: string): Promise<Agreement> {
  const dir = path.join(CORPORA, 'office/sheetjs');
  // ODS copies have no export of their own: the same workbook's Excel export stands in.
  const stem = file.replace(/\.[^.]+$/, '');
  const base =
    [file, ...['xls', 'xlsx', 'xlsb', 'xlsm'].map((e) => `${stem}.${e}`)].find((b) =>
      existsSync(path.join(dir, '2016', `${b}.sheetnames`)),
    ) ?? file;
  const names = readFileSync(path.join(dir, '2016', `${base}.sheetnames`), 'latin1')
    .split(/\r?\n/)
    .filter((n) => n !== '');
  const doc = await toDoc(path.join(dir, file));
  const ours = sheetCells(doc.blocks);
  const result: Agreement = { file, sheets: names.length, expected: 0, matched: 0, misses: [] };
  names.forEach((name, i) => {
    const csv = path.join(dir, '2016', `${base}.${i}.csv`);
    const rows = readCsvRows(decodeCp1252(readFileSync(csv)));
    const pool = new Map<string, number>();
    for (const v0 of ours.get(name) ?? []) {
      const v = asCp1252(v0);
      pool.set(v, (pool.get(v) ?? 0) + 1);
    }
    for (const row of rows)
      for (const raw of row) {
        const v = norm(raw);
        if (v === '') continue;
        result.expected++;
        const n = pool.get(v) ?? 0;
        if (n > 0) {
          pool.set(v, n - 1);
          result.matched++;
        } else result.misses.push({ sheet: name, value: v.slice(0, 60) });
      }
  });
  return result;
}

/** The OOXML workbooks of the sheetjs corpus; with `legacy`, its xls and ods copies too. */
export const sheetjsWorkbooks = (legacy = false): string[] =>
  readdirSync(path.join(CORPORA, 'office/sheetjs')).filter((f) =>
    (legacy ? /\.(xlsx|xlsm|xlsb|xls|ods)$/ : /\.(xlsx|xlsm|xlsb)$/).test(f),
  );
