import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Metric, pyReadText, scoreDocument } from '@distill/scorers/dpbench';
import { describe, expect, it } from 'vitest';
import { compareWithReference, GT_REVISED_AFTER, REFERENCE_ENGINES } from './validation.js';

// The scorer reproduces opendataloader-bench's published per-document figures for the peers
// whose outputs ship with the corpus: the check that our NID/TEDS/MHS are theirs.
const CORPUS = resolve(
  process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora'),
  'pdf/dpbench-dev',
);
const haveCorpus = existsSync(join(CORPUS, 'ground-truth'));

describe.skipIf(!haveCorpus)('reproduces opendataloader-bench per-document numbers', () => {
  for (const engine of REFERENCE_ENGINES) {
    it(`${engine}: every published per-document score`, () => {
      const ours = new Map<string, Record<Metric, number | null>>();
      const ids = readFileSync(
        join(process.cwd(), 'benchmarks/fixtures/opendataloader-reference', `${engine}.csv`),
        'utf8',
      )
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[0]);
      for (const id of ids) {
        const gt = pyReadText(readFileSync(join(CORPUS, 'ground-truth', `${id}.md`)));
        const pred = pyReadText(readFileSync(join(CORPUS, 'peers', engine, `${id}.md`)));
        ours.set(id, scoreDocument(gt, pred) as Record<Metric, number | null>);
      }
      const c = compareWithReference(engine, ours);
      expect(c.mismatches).toEqual([]);
      expect(c.compared + c.skipped).toBe(ids.length);
      expect(c.skipped).toBe((GT_REVISED_AFTER[engine] ?? []).filter((id) => ids.includes(id)).length);
    });
  }

  it('matches the pymupdf4llm reference on a revised page once the old ground-truth line is restored', () => {
    const gt = pyReadText(readFileSync(join(CORPUS, 'ground-truth', '01030000000020.md'))).replace(
      'initial hard copy, this book has not been',
      'initial hard this book has not been\ncopy,',
    );
    const pred = pyReadText(readFileSync(join(CORPUS, 'peers', 'pymupdf4llm', '01030000000020.md')));
    expect(scoreDocument(`${gt}\n`, pred).nid).toBe(0.991044776119403);
  });
});
