import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REPO_ROOT, RESULTS_DIR } from '../paths.js';
import { machineLine, now } from '../results.js';
import { HOSTILE_CASES } from './cases.js';

/**
 * `pnpm bench hostile [--heap MB] [--only TEXT]`: every hostile classic in its own process
 * (the heap capped, as a batch or server worker is), its outcome and peak RSS, written to
 * results/hostile.json for the report. A case that dies or passes the kill time says so.
 */
const { values } = parseArgs({
  options: {
    heap: { type: 'string', default: '1024' },
    only: { type: 'string' },
    'kill-after': { type: 'string', default: '180000' },
  },
});
const ONE = resolve(fileURLToPath(import.meta.url), '../run-one.ts');

interface Row {
  name: string;
  ext: string;
  cls: string;
  code?: string;
  ms?: number;
  inputBytes?: number;
  peakRssMb?: number;
  maxRssMb?: number;
  warning?: string;
  error?: string;
}

function runCase(i: number): Promise<Row> {
  const c = HOSTILE_CASES[i];
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=distill-source',
        '--import',
        'tsx',
        `--max-old-space-size=${values.heap}`,
        '--expose-gc',
        ONE,
        String(i),
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err = (err + d).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), Number(values['kill-after']));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      try {
        done(JSON.parse(line) as Row);
      } catch {
        done({
          name: c.name,
          ext: c.ext,
          cls: signal === 'SIGKILL' ? 'hang' : 'crash',
          error: `exit ${code ?? signal}: ${err.split('\n').slice(-4).join(' ').slice(0, 300)}`,
        });
      }
    });
  });
}

const rows: Row[] = [];
for (let i = 0; i < HOSTILE_CASES.length; i++) {
  if (values.only && !HOSTILE_CASES[i].name.includes(values.only)) continue;
  const r = await runCase(i);
  rows.push(r);
  console.error(
    `${r.cls.padEnd(9)} ${String(r.peakRssMb ?? '-').padStart(5)} MB ${String(r.ms ?? '-').padStart(6)} ms  ${r.name}${r.code ? ` (${r.code})` : ''}${r.error ? ` ${r.error}` : ''}`,
  );
}
/** A case name inside a Markdown table: `<div>` is text, not a tag. */
const md = (s: string) => s.replace(/</g, '&lt;');

/** Peak RSS bound per format: the largest peak of its cases, and its input sizes. */
function boundsTable(): string[] {
  const byExt = new Map<string, Row[]>();
  for (const r of rows) byExt.set(r.ext, [...(byExt.get(r.ext) ?? []), r]);
  const out = ['| format | cases | largest peak RSS MB | its case |', '|---|---:|---:|---|'];
  for (const [ext, rs] of [...byExt].sort()) {
    const top = rs.reduce((a, b) => ((b.peakRssMb ?? 0) > (a.peakRssMb ?? 0) ? b : a));
    out.push(`| ${ext} | ${rs.length} | ${top.peakRssMb ?? '-'} | ${md(top.name)} |`);
  }
  return out;
}

if (!values.only) {
  const markdown = [
    '## Robustness: hostile classics',
    '',
    `\`pnpm bench hostile\`: each case of \`benchmarks/src/hostile/cases.ts\` (the same cases as \`hostile.test.ts\`) parsed through the public API in its own process with a ${values.heap} MB heap; peak RSS is the process's, sampled every 5 ms while parsing (the input is built before; a bare process is ~85 MB).`,
    '',
    '| case | outcome | peak RSS MB | ms | input bytes |',
    '|---|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${md(r.name)} | ${r.cls === 'catalogue' ? `error ${r.code}` : r.cls === 'ok' ? `output${r.warning ? ', warning' : ''}` : `**${r.cls}**`} | ${r.peakRssMb ?? '-'} | ${r.ms ?? '-'} | ${r.inputBytes?.toLocaleString('en-US') ?? '-'} |`,
    ),
    '',
    'Bound per format (largest peak RSS of its cases):',
    '',
    ...boundsTable(),
    '',
  ].join('\n');
  writeFileSync(
    resolve(RESULTS_DIR, 'robustness-hostile.json'),
    `${JSON.stringify({ kind: 'section', suite: 'robustness-hostile', date: now(), machine: machineLine(), markdown, data: { heapMb: Number(values.heap), rows } }, null, 2)}\n`,
  );
}
const bad = rows.filter((r) => r.cls !== 'ok' && r.cls !== 'catalogue');
console.log(`${rows.length} cases: ${rows.length - bad.length} output or catalogue error, ${bad.length} not`);
process.exitCode = bad.length ? 1 : 0;
