import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RESULTS_DIR } from '../paths.js';
import { machineLine, now } from '../results.js';
import { type CampaignReport, CLASSES, formatReport } from './campaign.js';

/**
 * `node ... fuzz/section.ts <report.json>... [--recheck <report.json>]... [--note TEXT]`: the
 * reports of one campaign run in parts (`--start`) merged into the report's robustness section,
 * results/robustness-fuzz.json.
 *
 * `--recheck` names the report of cases run again on their own (`pnpm fuzz --start I --cases I+1`),
 * for failures recorded by an older, wall-clock-only hang limit on a loaded machine. A rechecked
 * case is counted with its new class, and the section lists every such case with both classes,
 * so nothing is hidden.
 */
const args = process.argv.slice(2);
const noteAt = args.indexOf('--note');
const note = noteAt >= 0 ? args.splice(noteAt, 2)[1] : '';
const rechecks: CampaignReport[] = [];
for (let i = args.indexOf('--recheck'); i >= 0; i = args.indexOf('--recheck')) {
  rechecks.push(JSON.parse(readFileSync(args.splice(i, 2)[1], 'utf8')) as CampaignReport);
}
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
// Each rechecked case moves from its recorded class to the class it has when run again.
const recheckLines: string[] = [];
for (const r of rechecks) {
  for (const [id, ext, mutator, cls, code, ms] of r.cases) {
    const was = parts.flatMap((p) => p.cases).find((c) => c[0] === id);
    if (!was) throw new Error(`recheck of case ${id}, which no part ran`);
    merged.totals[was[3]] -= 1;
    merged.totals[cls] += 1;
    merged.byExt[ext][was[3]] -= 1;
    merged.byExt[ext][cls] += 1;
    if (was[4]) merged.codes[was[4]] -= 1;
    if (code) merged.codes[code] = (merged.codes[code] ?? 0) + 1;
    merged.failures = merged.failures.filter((f) => f.id !== id).concat(r.failures);
    recheckLines.push(
      `| ${id} | ${ext} | ${mutator} | ${was[3]} (${was[5]} ms) | ${cls}${code ? ` ${code}` : ''} (${ms} ms) |`,
    );
  }
}
const recheckTable = recheckLines.length
  ? [
      `Rechecked: ${recheckLines.length} failures of a run on a loaded machine (load average 25-36, niced), each run again on its own at the campaign's commit with the CPU-aware hang limit (a hang is a case that used its limit in CPU, or 6x in wall time, without answering); they are counted with the second class.`,
      '',
      '| case | format | mutator | recorded | run again |',
      '|---|---|---|---|---|',
      ...recheckLines,
      '',
    ].join('\n')
  : '';
const markdown = [
  '## Robustness: pnpm fuzz',
  '',
  'Seeded, structure-aware mutations of the fixtures and corpora over the 20 extensions, each case in a worker process with a 1 GB heap, parse timeout 15 s and a hang limit of 30 s; classes: ok, catalogue error, unclean error (not a DistillError), hang, crash. "Peak RSS growth" is the worker\'s growth during one case.',
  '',
  note,
  '',
  recheckTable,
  formatReport(merged),
  '',
].join('\n');
writeFileSync(
  resolve(RESULTS_DIR, 'robustness-fuzz.json'),
  `${JSON.stringify({ kind: 'section', suite: 'robustness-fuzz', date: now(), machine: machineLine(), markdown, data: { ...merged, cases: undefined } }, null, 2)}\n`,
);
console.log(markdown);
