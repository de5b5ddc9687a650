import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RESULTS_DIR } from '../paths.js';
import { machineLine, now } from '../results.js';
import { type CampaignReport, CLASSES, formatReport } from './campaign.js';

/**
 * `node ... fuzz/section.ts <report.json>... [--note TEXT]`: the reports of one campaign run in
 * parts (`--start`) merged into the report's robustness section, results/robustness-fuzz.json.
 */
const args = process.argv.slice(2);
const noteAt = args.indexOf('--note');
const note = noteAt >= 0 ? args.splice(noteAt, 2)[1] : '';
const parts = args.map((p) => JSON.parse(readFileSync(p, 'utf8')) as CampaignReport);
const merged: CampaignReport = {
  seed: parts[0].seed,
  requested: Math.max(...parts.map((p) => p.requested)),
  ran: parts.reduce((n, p) => n + p.ran, 0),
  ms: parts.reduce((n, p) => n + p.ms, 0),
  byExt: {},
  totals: Object.fromEntries(CLASSES.map((c) => [c, 0])) as CampaignReport['totals'],
  codes: {},
  failures: parts.flatMap((p) => p.failures),
  peakRssMb: Math.max(...parts.map((p) => p.peakRssMb)),
  cases: [],
};
for (const p of parts) {
  for (const c of CLASSES) merged.totals[c] += p.totals[c];
  for (const [k, v] of Object.entries(p.codes)) merged.codes[k] = (merged.codes[k] ?? 0) + v;
  for (const [ext, e] of Object.entries(p.byExt)) {
    merged.byExt[ext] ??= {
      ...e,
      peakRssMb: 0,
      maxMs: 0,
      ...Object.fromEntries(CLASSES.map((c) => [c, 0])),
    };
    const m = merged.byExt[ext];
    for (const c of CLASSES) m[c] += e[c];
    m.peakRssMb = Math.max(m.peakRssMb, e.peakRssMb);
    m.maxMs = Math.max(m.maxMs, e.maxMs);
  }
}
const markdown = [
  '## Robustness: pnpm fuzz',
  '',
  'Seeded, structure-aware mutations of the fixtures and corpora over the 20 extensions, each case in a worker process with a 1 GB heap, parse timeout 15 s and a hang limit of 30 s; classes: ok, catalogue error, unclean error (not a DistillError), hang, crash. "Peak RSS growth" is the worker\'s growth during one case.',
  '',
  note,
  '',
  formatReport(merged),
  '',
].join('\n');
writeFileSync(
  resolve(RESULTS_DIR, 'robustness-fuzz.json'),
  `${JSON.stringify({ kind: 'section', suite: 'robustness-fuzz', date: now(), machine: machineLine(), markdown, data: { ...merged, cases: undefined } }, null, 2)}\n`,
);
console.log(markdown);
