import { readFileSync } from 'node:fs';
import { DistillError } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { truncated, withFatLoop, withStreamLoop } from '../../test/hostile-cfb.js';
import { corpus, flat, hasCorpora, markdownOf, markdownOfFile, nid } from '../../test/legacy-support.js';
import { docParser } from './parser.js';

describe.skipIf(!hasCorpora)('doc against the corpora', () => {
  it('reads testWORD.doc in full (text checked against LibreOffice’s export)', async () => {
    const md = await markdownOfFile([docParser], corpus('office/tika/testWORD.doc'));
    const f = flat(md);
    for (const s of [
      'Sample Word Document Title',
      'And now for a subtitle',
      'Main Heading',
      '# Heading Level 1',
      '## Heading Level 2',
      '### Heading Level 3',
      'This is a sample Microsoft Word Document.',
      'This document includes text that is **BOLD** and *ITALIC*.',
      'This is a table',
      'Nested table',
      'More of our nested table',
      'The table has things in it',
      '[Tika](http://tika.apache.org/)',
      '[POI](http://poi.apache.org/)',
      'This paragraph is in the default text style',
      'This one is in a different one, the Signature style',
      'This is back to the default again',
      'That’s it!',
    ])
      expect(f).toContain(s);
    expect(md).toMatch(/^\| This is a table \|/m);
  });

  it('matches greek_heading_styles.doc’s ground truth in text and headings', async () => {
    const md = await markdownOfFile(
      [docParser],
      corpus('office/docling/doc/sources/greek_heading_styles.doc'),
    );
    const gt = readFileSync(corpus('office/docling/doc/groundtruth/greek_heading_styles.doc.md'), 'utf8');
    const headings = (s: string) => [...s.matchAll(/^#+ (.*)$/gm)].map((m) => m[1].trim());
    expect(headings(md)).toEqual(headings(gt));
    const plain = (s: string) => flat(s.replace(/^#+ /gm, ''));
    expect(plain(md)).toBe(plain(gt));
    console.log(`greek_heading_styles.doc NID ${nid(md, gt).toFixed(3)}`);
  });

  it('refuses a truncated compound file and a FAT loop with FILE_CORRUPT', async () => {
    const bytes = new Uint8Array(readFileSync(corpus('office/tika/testWORD.doc')));
    for (const bad of [
      truncated(bytes, 700),
      truncated(bytes, 20000),
      withFatLoop(bytes),
      withStreamLoop(bytes),
    ]) {
      const err = await markdownOf([docParser], bad, 'bad.doc').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DistillError);
      expect((err as DistillError).code).toBe('FILE_CORRUPT');
    }
  });

  it('reports an encrypted document as FILE_ENCRYPTED', async () => {
    const bytes = new Uint8Array(readFileSync(corpus('office/tika/testWORD.doc')));
    // Set fEncrypted in the FIB of the WordDocument stream (found by its signature).
    const at = findFib(bytes);
    bytes[at + 0x0b] |= 0x01;
    const err = await markdownOf([docParser], bytes, 'locked.doc').catch((e: unknown) => e);
    expect((err as DistillError).code).toBe('FILE_ENCRYPTED');
  });
});

function findFib(b: Uint8Array): number {
  for (let i = 512; i + 2 < b.length; i += 512) if (b[i] === 0xec && b[i + 1] === 0xa5) return i;
  throw new Error('no FIB');
}
