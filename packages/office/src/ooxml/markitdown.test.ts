import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPORA, hasCorpora, toMarkdown } from './testing/corpus.js';

interface Vector {
  file: string;
  must_include: string[];
  must_not_include: string[];
}

const vectors: Vector[] = hasCorpora
  ? (
      JSON.parse(readFileSync(path.join(CORPORA, 'office/markitdown/vectors.json'), 'utf8')) as Vector[]
    ).filter((v) => /\.(docx|docm|pptx|pptm|xlsx|xlsm)$/.test(v.file))
  : [];

describe.skipIf(!hasCorpora)('markitdown vectors (docx, pptx, xlsx)', () => {
  it('has vectors for every OOXML family', () => {
    expect(vectors.map((v) => path.extname(v.file)).sort()).toEqual(['.docx', '.pptx', '.xlsx']);
  });
  for (const v of vectors) {
    it(v.file, async () => {
      const md = await toMarkdown(path.join(CORPORA, 'office/markitdown', v.file));
      for (const s of v.must_include) expect(md).toContain(s);
      for (const s of v.must_not_include) expect(md).not.toContain(s);
    }, 30_000);
  }
});
