import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toMarkdown } from '@distill/core';
import { markdownNid } from '@distill/scorers/nid';
import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';

const corpora = process.env.DISTILL_CORPORA ?? path.resolve(process.cwd(), '../shared/corpora');
const docling = path.join(corpora, 'office/docling/html');
const markitdown = path.join(corpora, 'office/markitdown');

describe.skipIf(!existsSync(docling))('Docling HTML cases (onlyMainContent false)', () => {
  it('match the ground truth by NID', () => {
    const scores: Record<string, number> = {};
    const sameMarker: Record<string, number> = {};
    for (const f of readdirSync(path.join(docling, 'sources'))) {
      const html = readFileSync(path.join(docling, 'sources', f));
      const gt = readFileSync(path.join(docling, 'groundtruth', `${f}.md`), 'utf8');
      const md = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: false }).blocks).markdown;
      scores[f] = markdownNid(gt, md);
      // The same with Docling's '- ' bullets: structure and text alone.
      sameMarker[f] = markdownNid(gt, md.replace(/^(\s*)\* /gm, '$1- '));
    }
    const values = Object.values(scores);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    // Most gaps are style: Docling repeats merged cells where we write an HTML table, writes
    // `<!-- image -->` where we keep the image and its alt text, `<!-- missing-text -->` for
    // empty form fields, spaces where a cell has `<br>`, and '- ' bullets where we write '* '.
    expect(mean).toBeGreaterThan(0.91);
    for (const f of [
      'example_03.html',
      'table_01.html',
      'table_05.html',
      'table_06.html',
      'example_07.html',
      'html_inline_group_in_table_cell.html',
      'html_description_list.html',
    ])
      expect(sameMarker[f], f).toBeGreaterThan(0.99);
  });
  it('keeps every word of the ground truth (Docling differs in style, not in text)', () => {
    const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const missing: string[] = [];
    for (const f of readdirSync(path.join(docling, 'sources'))) {
      const html = readFileSync(path.join(docling, 'sources', f));
      const md = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: false }).blocks).markdown;
      const ours = new Set(words(md));
      // Docling's placeholders, `<!-- image -->` and `<!-- missing-text -->`, are not text.
      const gt = readFileSync(path.join(docling, 'groundtruth', `${f}.md`), 'utf8').replace(
        /<!-- (image|missing-text) -->/g,
        '',
      );
      for (const w of words(gt)) if (!ours.has(w)) missing.push(`${f}: ${w}`);
    }
    expect(missing).toEqual([]);
  });
});

describe.skipIf(!existsSync(markitdown))('markitdown vectors', () => {
  it('test_blog.html has the strings markitdown requires', () => {
    const vectors = JSON.parse(readFileSync(path.join(markitdown, 'vectors.json'), 'utf8')) as {
      file: string;
      must_include: string[];
      must_not_include: string[];
    }[];
    const v = vectors.find((x) => x.file === 'test_blog.html')!;
    const html = readFileSync(path.join(markitdown, v.file));
    for (const onlyMainContent of [true, false]) {
      const md = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent }).blocks).markdown;
      for (const s of v.must_include) expect(md).toContain(s);
      for (const s of v.must_not_include) expect(md).not.toContain(s);
    }
  });
});
