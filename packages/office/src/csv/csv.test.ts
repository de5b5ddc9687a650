import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  inlineText,
  type ParseContext,
  ParserRegistry,
  parse,
  parseOptionsSchema,
  type TableCell,
} from '@distill/core';
import { describe, expect, it } from 'vitest';
import { parseCsv, sniffDelimiter } from './csv.js';
import { csvParser } from './parser.js';

const CORPORA = process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora');
const registry = new ParserRegistry().register(csvParser);

/** Parses the bytes with the CSV parser and returns the table's cell texts. */
async function cells(bytes: Uint8Array): Promise<string[][]> {
  const ctx = {
    format: 'csv',
    options: parseOptionsSchema.parse({}),
    pdf: undefined,
    signal: new AbortController().signal,
    warn: () => {},
    checkpoint: () => {},
  } as ParseContext;
  const doc = await csvParser.parse(bytes, ctx);
  const table = doc.blocks.find((b) => b.kind === 'table');
  if (!table || table.kind !== 'table') return [];
  return table.rows.map((r: TableCell[]) => r.map((c) => inlineText(c.content)));
}

/** Reads a ground-truth GFM table back to cells (Docling writes `|` in cells as `&#124;`). */
function gfmCells(md: string): string[][] {
  return md
    .trim()
    .split('\n')
    .filter((l, i) => i !== 1 && l.startsWith('|'))
    .map((l) =>
      l
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim().replace(/&#124;/g, '|')),
    );
}

describe('CSV: Docling cases give the expected cells', () => {
  const dir = join(CORPORA, 'office/docling/csv');
  const names = readdirSync(join(dir, 'sources')).filter((n) => n.endsWith('.csv'));
  it('has the nine cases', () => expect(names).toHaveLength(9));
  for (const name of names) {
    it(name, async () => {
      const got = await cells(new Uint8Array(readFileSync(join(dir, 'sources', name))));
      const expected = gfmCells(readFileSync(join(dir, 'groundtruth', `${name}.md`), 'utf8'));
      expect(got).toEqual(expected);
    });
  }
});

describe('CSV: markitdown test_mskanji.csv (Shift_JIS)', () => {
  it('decodes and passes every vector', async () => {
    const vectors = JSON.parse(readFileSync(join(CORPORA, 'office/markitdown/vectors.json'), 'utf8')) as {
      file: string;
      must_include: string[];
      must_not_include: string[];
    }[];
    const v = vectors.find((x) => x.file === 'test_mskanji.csv')!;
    const r = await parse(join(CORPORA, 'office/markitdown/test_mskanji.csv'), {}, { registry });
    for (const s of v.must_include) expect(r.markdown).toContain(s);
    for (const s of v.must_not_include) expect(r.markdown).not.toContain(s);
    expect(r.metadata.encoding).toBe('shift_jis');
  });
});

describe('CSV reading', () => {
  const enc = (s: string) => new TextEncoder().encode(s);

  it('follows RFC 4180: quotes, doubled quotes, newlines in fields, CRLF', () => {
    expect(parseCsv('a,"b ""q"", c","x\r\ny"\r\n1,2,3\r\n', ',')).toEqual([
      ['a', 'b "q", c', 'x\r\ny'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a,b\n\n1,2', ',')).toEqual([['a', 'b'], [''], ['1', '2']]);
    expect(parseCsv('a,b"c,d', ',')).toEqual([['a', 'b"c', 'd']]);
  });

  it('sniffs , ; tab and |, ignoring delimiters inside quotes', () => {
    expect(sniffDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(sniffDelimiter('a;b;c\n"1,5";2;3\n"2,5";4;5\n')).toBe(';');
    expect(sniffDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(sniffDelimiter('a|b|c\n1|2|3\n')).toBe('|');
    expect(sniffDelimiter('"x,y,z";b\n"1,2,3";4\n')).toBe(';');
  });

  it('decodes UTF-8 with and without BOM, UTF-16 LE/BE with BOM, Windows-1252 and Shift_JIS', async () => {
    const header = 'Stadt,Straße\nKöln,Größe €\n';
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(header, 'utf16le')]);
    const be = Buffer.from(header, 'utf16le');
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1], be[i]];
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), be]);
    const cp1252 = Buffer.from(
      [...'Stadt,Straße\nKöln,Größe '].map((c) => c.charCodeAt(0)).concat([0x80, 0x0a]),
    );
    const expected = [
      ['Stadt', 'Straße'],
      ['Köln', 'Größe €'],
    ];
    for (const bytes of [
      enc(header),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(header)]),
      utf16le,
      utf16be,
      cp1252,
    ]) {
      expect(await cells(new Uint8Array(bytes))).toEqual(expected);
    }
    // 名前,年齢 in Shift_JIS
    const sjis = Buffer.from([
      0x96, 0xbc, 0x91, 0x4f, 0x2c, 0x94, 0x4e, 0x97, 0xee, 0x0a, 0x31, 0x2c, 0x32, 0x0a,
    ]);
    expect(await cells(new Uint8Array(sjis))).toEqual([
      ['名前', '年齢'],
      ['1', '2'],
    ]);
  });

  it('pads ragged rows, marks the first row as header, and drops trailing blank lines', async () => {
    const r = await parse({ data: 'h1,h2,h3\n1,2\n1,2,3,4\n\n\n', filename: 'r.csv' }, {}, { registry });
    expect(r.markdown).toBe(
      '| h1 | h2 | h3 |  |\n| --- | --- | --- | --- |\n| 1 | 2 |  |  |\n| 1 | 2 | 3 | 4 |\n',
    );
  });

  it('turns an empty file into a clear error and a header-only file into a one-row table', async () => {
    await expect(parse({ data: '', filename: 'e.csv' }, {}, { registry })).rejects.toMatchObject({
      code: 'FILE_CORRUPT',
    });
    const r = await parse({ data: 'a,b\n', filename: 'h.csv' }, {}, { registry });
    expect(r.markdown).toBe('| a | b |\n| --- | --- |\n');
  });
});
