import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Doc, type ParseOptionsInput, ParserRegistry, parse, parseToDoc } from '@distill/core';
import { parseCsv } from '../../csv/csv.js';
import { officeParsers } from '../../index.js';

/** Test support: where the shared corpora live, and parsing with this package's parsers only. */
export const CORPORA = process.env.DISTILL_CORPORA ?? path.resolve(process.cwd(), '../shared/corpora');
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

/** RFC 4180 CSV rows (quotes, doubled quotes, CRLF): the package's own reader. */
export const readCsvRows = (text: string): string[][] => parseCsv(text, ',');
