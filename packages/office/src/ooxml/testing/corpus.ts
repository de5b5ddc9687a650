import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Doc, type ParseOptionsInput, ParserRegistry, parse, parseToDoc } from '@distill/core';
import { officeParsers } from '../../index.js';

/** Test support: where the shared corpora live, and parsing with this package's parsers only. */
export const CORPORA = path.resolve(process.cwd(), '../shared/corpora');
export const hasCorpora = existsSync(path.join(CORPORA, 'office'));

export const registry = new ParserRegistry();
for (const p of officeParsers) registry.register(p);

export async function toMarkdown(file: string, options: ParseOptionsInput = {}): Promise<string> {
  const r = await parse(file, options, { registry });
  return r.markdown ?? '';
}

export async function toDoc(file: string, options: ParseOptionsInput = {}): Promise<Doc> {
  return (await parseToDoc(file, options, { registry })).doc;
}

/** RFC 4180 CSV rows (quotes, doubled quotes, CRLF). */
export function readCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let f = '';
  let q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          f += '"';
          i++;
        } else q = false;
      } else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      row.push(f);
      f = '';
    } else if (c === '\n') {
      row.push(f.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      f = '';
    } else f += c;
  }
  if (f !== '' || row.length > 0) {
    row.push(f);
    rows.push(row);
  }
  return rows;
}
