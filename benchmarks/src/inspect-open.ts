// pnpm bench inspect [--pages N] [--runs N] [--corpus DIR]
// The inspector on a long PDF, as a user meets it: the built `distill inspect` run as a whole
// process on an N-page PDF (default 1,000: the dpbench-dev pages joined with qpdf, repeated),
// then its report opened in Debian's Chromium through playwright-core: time until the page is
// ready (every page's placeholder laid out, the Markdown shown), until the first page image is
// drawn, and until page N/2's image is drawn after scrolling to it. Medians of --runs opens,
// console errors counted. Writes results/inspect-open.json and a REPORT.md section.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { longDpbenchPdf } from './inputs.js';
import { corpusDir, REPO_ROOT } from './paths.js';
import { writeReport } from './report.js';
import { machineLine, writeSection } from './results.js';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    corpus: { type: 'string' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log('pnpm bench inspect [--pages N] [--runs N] [--corpus DIR]');
  process.exit(0);
}
const PAGES = Number(values.pages);
const RUNS = Number(values.runs);
const BIN = join(REPO_ROOT, 'packages/distill/dist/bin.cjs');
if (!existsSync(BIN)) throw new Error('build first: pnpm build');
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', process.env.CHROME_PATH].find(
  (p): p is string => !!p && existsSync(p),
);
if (!CHROMIUM) throw new Error('no Chromium: apt-get install chromium');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'distill-inspect-bench-'));
try {
  const pdf = longDpbenchPdf(corpusDir('pdf', values.corpus), PAGES, join(dir, `long-${PAGES}.pdf`));

  const out = join(dir, 'long.html');
  const t0 = performance.now();
  const r = spawnSync(
    process.execPath,
    [BIN, 'inspect', pdf, '--out', out, '--pdf-mode', 'fast', '--timeout', '300000'],
    {
      encoding: 'utf8',
    },
  );
  const writeS = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`distill inspect failed: ${r.stderr}`);
  const sizeMb = statSync(out).size / 1024 / 1024;
  const note = /note: (.*)/.exec(r.stderr)?.[1] ?? '';
  console.log(
    `inspect: wrote ${PAGES} pages in ${writeS.toFixed(1)} s, ${sizeMb.toFixed(1)} MB${note ? ` (${note})` : ''}`,
  );

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const ready: number[] = [];
  const first: number[] = [];
  const middle: number[] = [];
  let errors = 0;
  try {
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      page.on('console', (m) => {
        if (m.type() === 'error') errors++;
      });
      page.on('pageerror', () => errors++);
      const start = performance.now();
      await page.goto(pathToFileURL(out).href, { waitUntil: 'commit', timeout: 120_000 });
      await page.waitForSelector('body[data-ready="1"]', { timeout: 120_000 });
      ready.push(performance.now() - start);
      await page.waitForSelector('.page[data-n="1"] img', { timeout: 120_000 });
      first.push(performance.now() - start);
      const mid = Math.ceil(PAGES / 2);
      const t = performance.now();
      await page.locator(`.page[data-n="${mid}"]`).scrollIntoViewIfNeeded();
      await page.waitForSelector(`.page[data-n="${mid}"] img`, { timeout: 60_000 });
      middle.push(performance.now() - t);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(
    `open in Chromium (median of ${RUNS}): ready ${ms(median(ready))}, first page image ${ms(median(first))}, page ${Math.ceil(PAGES / 2)} drawn ${ms(median(middle))} after scrolling to it; console errors ${errors}`,
  );
  const md = [
    `| ${PAGES}-page PDF (dpbench-dev pages joined by qpdf) | value |`,
    '|---|---|',
    `| \`distill inspect --pdf-mode fast\`, whole process | ${writeS.toFixed(1)} s |`,
    `| report file | ${sizeMb.toFixed(1)} MB${note ? ` (${note})` : ''} |`,
    `| Chromium: ready (every page laid out, Markdown shown), median of ${RUNS} | ${ms(median(ready))} |`,
    `| Chromium: first page image drawn | ${ms(median(first))} |`,
    `| Chromium: page ${Math.ceil(PAGES / 2)} drawn after scrolling to it | ${ms(median(middle))} |`,
    `| console errors | ${errors} |`,
  ].join('\n');
  writeSection(
    'inspect-open',
    md,
    { pages: PAGES, writeS, sizeMb, ready, first, middle, errors, note },
    machineLine(),
  );
  writeReport();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
