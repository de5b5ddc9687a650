import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.js';
import { formatReport, makeCase, runCampaign } from './campaign.js';
import { loadSeeds } from './seeds.js';

/**
 * The CI fuzz campaign (issue 23): a short seeded campaign over the 20 extensions, every case in
 * a worker process with a 1 GB heap and a hang limit. Any unclean error (anything but a catalogue
 * error), hang or crash fails the build and is listed. `pnpm fuzz --cases 100000` runs long ones.
 * Without the corpora the seeds are the repository's fixtures only.
 */
const CORPORA = process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora');
const CASES = Number(process.env.DISTILL_FUZZ_CASES ?? 2000);

describe('fuzz campaign', () => {
  it('cases are deterministic: the same seed and index give the same bytes', () => {
    const seeds = loadSeeds(REPO_ROOT, CORPORA);
    for (const i of [0, 7, 19, 123]) {
      const a = makeCase(seeds, 99, i);
      const b = makeCase(seeds, 99, i);
      expect(a?.mutator).toBe(b?.mutator);
      expect(Buffer.compare(Buffer.from(a!.bytes), Buffer.from(b!.bytes))).toBe(0);
    }
  });

  it(
    `${CASES} seeded cases: no unclean error, no hang, no crash`,
    async () => {
      const report = await runCampaign({
        cases: CASES,
        seed: 20231123,
        workers: 2,
        timeoutMs: 10_000,
        graceMs: 20_000,
        heapMb: 1024,
        repoRoot: REPO_ROOT,
        corpora: CORPORA,
        minimise: false,
        // Bounded: a slow machine runs fewer cases rather than timing the test out.
        maxMs: 6 * 60_000,
      });
      console.log(formatReport(report));
      expect(report.ran).toBeGreaterThanOrEqual(Math.min(CASES, 500));
      expect(report.failures, formatReport(report)).toEqual([]);
    },
    10 * 60_000,
  );
});
