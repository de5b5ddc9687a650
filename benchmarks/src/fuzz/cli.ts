import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPORA, REPO_ROOT, RESULTS_DIR } from '../paths.js';
import { formatReport, runCampaign } from './campaign.js';
import { FUZZ_EXTENSIONS } from './seeds.js';

/**
 * `pnpm fuzz [--cases N] [--start I] [--seed S] [--workers W] [--timeout MS] [--heap MB] [--max-minutes M]
 * [--out DIR] [--corpora DIR] [--formats pdf,docx]`: a seeded, deterministic campaign over the 20 extensions, each
 * case in a worker process with a heap limit and a hang limit; failures are minimised and saved.
 */
const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '2000' },
    /** First case index: `--start 12000 --cases 20000` runs the rest of a 20,000-case campaign. */
    start: { type: 'string', default: '0' },
    seed: { type: 'string', default: '23' },
    workers: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '15000' },
    grace: { type: 'string', default: '15000' },
    heap: { type: 'string', default: '1024' },
    'max-minutes': { type: 'string' },
    out: { type: 'string', default: resolve(RESULTS_DIR, 'fuzz') },
    corpora: { type: 'string', default: CORPORA },
    'no-minimise': { type: 'boolean', default: false },
    /** Comma-separated extensions (`pdf`, `docx,xlsx`); default all 20. */
    formats: { type: 'string' },
  },
});
const cases = Number(values.cases);
const formats = values.formats?.split(',').map((f) => f.trim().toLowerCase());
const unknown = formats?.filter((f) => !(FUZZ_EXTENSIONS as readonly string[]).includes(f)) ?? [];
if (unknown.length)
  throw new Error(`--formats: not fuzzed: ${unknown.join(', ')} (known: ${FUZZ_EXTENSIONS.join(', ')})`);
let last = Date.now();
const report = await runCampaign({
  cases,
  seed: Number(values.seed),
  workers: Number(values.workers),
  timeoutMs: Number(values.timeout),
  graceMs: Number(values.grace),
  heapMb: Number(values.heap),
  repoRoot: REPO_ROOT,
  corpora: values.corpora,
  maxMs: values['max-minutes'] ? Number(values['max-minutes']) * 60_000 : undefined,
  outDir: resolve(process.cwd(), values.out),
  minimise: !values['no-minimise'],
  formats,
  start: Number(values.start),
  onProgress(done, total, r) {
    if (r.cls !== 'ok' && r.cls !== 'catalogue')
      console.error(`#${r.id} ${r.ext} ${r.cls} ${r.mutator}: ${(r.error ?? '').split('\n')[0]}`);
    if (Date.now() - last > 10_000) {
      last = Date.now();
      console.error(`${done}/${total}`);
    }
  },
});
console.log(formatReport(report));
process.exitCode = report.totals.unclean + report.totals.hang + report.totals.crash > 0 ? 1 : 0;
