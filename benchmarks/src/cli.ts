// pnpm bench quality <suite> [--corpus DIR] [--engine NAME] [--limit N] [--fold a|b] [--workers N] [--page-timeout S]
// pnpm bench speed <pdf|html|office> [--corpus DIR] [--engine NAME] [--runs N] [--limit N] [--no-scaling|--scaling-only] [--sizes a,b] [--scale-timeout S]
//   (office: the scaling part is one 200,000-row sheet)
// pnpm bench cold [--runs N]   (the built CLI as whole processes, beside LiteParse's CLI)
// pnpm bench install   (install size of distill, with and without OCR, beside peers)
// pnpm bench report [--html [--worst N] [--no-inspect]]
// pnpm bench batch|load|search|web|ocr-startup|crawl|chunks [...]   (each module's own options; --help on each)
// pnpm bench dev <tool> [...]   (tuning and debugging aids, listed by `pnpm bench dev`)
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runBigSheet } from './big-sheet.js';
import { runCold } from './cold.js';
import { runColdScanned } from './cold-scanned.js';
import type { Kind } from './engines/types.js';
import { runInstallSize } from './install-size.js';
import { corpusDir, SCANNED_ENGINES, scannedCorpus } from './paths.js';
import { printWorst, runQuality } from './quality.js';
import { writeReport } from './report.js';
import { runMain } from './run-main.js';
import { runScaling, runSpeed } from './speed.js';
import { runSpeedInstructions } from './speed-instructions.js';

const USAGE = `usage:
  pnpm bench quality <pdf-dpbench|pdf-icdar|html-wcxb|html-trafilatura|office-vectors> [--corpus DIR]
                     [--engine NAME] [--limit N] [--fold a|b] [--worst N] [--scanned]
                     (--fold: tune on one fold, check on the other; folds are a hash of the id.
                     --worst: the N documents that score lowest, per engine;
                     --scanned: dpbench-dev rendered to image-only PDFs, OCR engines)
                     [--workers N] [--page-timeout SECONDS] [--no-peer-cache]
                     (html suites: pages in N child processes, default 2; a page past the limit,
                     default 60 s, has its child killed and counts as empty, reported; the peers'
                     answers are cached in benchmarks/results/peer-cache by version and page hash)
  pnpm bench speed <pdf|html|office> [--corpus DIR] [--engine NAME] [--runs N] [--limit N]
                   [--no-scaling | --scaling-only] [--sizes 100,500] [--scale-timeout SECONDS] [--scanned]
                   [--instructions]   (the warm passes counted under valgrind instead of timed; no scaling)
  pnpm bench cold [--runs N] [--corpus DIR] [--instructions [--main-thread]]   (or: pnpm bench speed pdf --cold)
                  (--main-thread: distill's main thread outside garbage collections, under a fixed
                  hash seed: one PDF repeats to about 0.01%, the folder 1%; to compare two builds)
  pnpm bench cold --scanned [--limit N] [--runs N] [--engine tesseract,native]   (OCR: a folder of scans and one scan, beside LiteParse's CLI; --engine: distill's OCR engines)
  pnpm bench install
  pnpm bench report [--html [--worst N] [--no-inspect]]
                     (--html: also benchmarks/report/index.html, charts beside tables, and an
                     inspector page for each of the N worst documents per suite, default 5)
  pnpm bench batch [--help]          batch throughput: 1 vs 2 threads vs processes (batch-speed.ts)
  pnpm bench load [--help]           16 clients against a spawned distill serve (server-load.ts)
  pnpm bench search [--help]         the local search index (search-speed.ts)
  pnpm bench web [--help]            scrape through the real browser (web-speed.ts)
  pnpm bench ocr-startup [--help]    OCR engine start-up (ocr-startup.ts)
  pnpm bench ocr-stages [--help]     an OCR'd page's time by stage: render, segment, recognise, layout
  pnpm bench hostile [--help]        the hostile classics, each in its own process, with peak RSS
  pnpm bench inspect [--help]        a 1,000-page PDF's inspector report: written, then opened in Chromium (inspect-open.ts)
  pnpm bench crawl [--help]          crawl pages/s at 1, 4, 16 and Redis memory of a 10,000-page frontier (crawl-speed.ts)
  pnpm bench pages [--help]          a 1,000-page PDF: time to first page and peak RSS, page by page, beside LiteParse and pdftotext
  pnpm bench chunks [--runs N]       the chunks format: MB/s and chunks/s on dpbench-dev and a 1,000-page document (chunks-speed.ts)
  pnpm bench dev <tool> [args]       tuning and debugging aids (benchmarks/src/dev; no tool lists them)`;

/**
 * Benchmarks that are whole programs with their own options: `pnpm bench batch --x` runs
 * batch-speed.ts as if started with `--x`, so each keeps one parser of its flags.
 */
const PROGRAMS: Record<string, string> = {
  batch: './batch-speed.js',
  load: './server-load.js',
  search: './search-speed.js',
  web: './web-speed.js',
  'ocr-startup': './ocr-startup.js',
  'ocr-stages': './ocr-stages.js',
  hostile: './hostile/bench.js',
  crawl: './crawl-speed.js',
  inspect: './inspect-open.js',
  pages: './pages-speed.js',
  chunks: './chunks-speed.js',
};

const DEV_DIR = new URL('./dev/', import.meta.url);
const devTools = () =>
  readdirSync(DEV_DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .sort();

/**
 * Hands the rest of the command line to a program module, which runs on import and ends the
 * process itself (so it is not wrapped in runMain, whose exit would cut it short).
 */
function runProgram(module: string, rest: string[]): void {
  process.argv = [process.argv[0], module, ...rest];
  import(module).catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}

/** `pnpm bench <program> ...` and `pnpm bench dev <tool> ...`; false for the built-in commands. */
function dispatchProgram(): boolean {
  const [first, second, ...after] = process.argv.slice(2);
  if (first && PROGRAMS[first]) {
    runProgram(PROGRAMS[first], process.argv.slice(3));
    return true;
  }
  if (first !== 'dev') return false;
  if (!second || !devTools().includes(second)) {
    console.log(`pnpm bench dev <tool> [args], tool one of:\n  ${devTools().join('\n  ')}`);
    process.exitCode = second ? 1 : 0;
  } else runProgram(new URL(`${second}.ts`, DEV_DIR).href, after);
  return true;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      corpus: { type: 'string' },
      engine: { type: 'string' },
      limit: { type: 'string' },
      fold: { type: 'string' },
      worst: { type: 'string' },
      scanned: { type: 'boolean' },
      workers: { type: 'string' },
      'page-timeout': { type: 'string' },
      'no-peer-cache': { type: 'boolean' },
      runs: { type: 'string' },
      'no-scaling': { type: 'boolean' },
      instructions: { type: 'boolean' },
      'main-thread': { type: 'boolean' },
      cold: { type: 'boolean' },
      'scaling-only': { type: 'boolean' },
      'scale-timeout': { type: 'string' },
      sizes: { type: 'string' },
      html: { type: 'boolean' },
      'no-inspect': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [cmd, suite] = positionals;
  const limit = values.limit ? Number(values.limit) : undefined;
  if (values.help || !cmd) {
    console.log(USAGE);
    return;
  }
  if (cmd === 'quality') {
    if (!suite) throw new Error(USAGE);
    const fold = values.fold;
    if (fold !== undefined && fold !== 'a' && fold !== 'b')
      throw new Error(`--fold a|b, not ${fold}\n${USAGE}`);
    const scanned = values.scanned && suite === 'pdf-dpbench';
    const corpus = scanned ? scannedCorpus(values.corpus) : corpusDir(suite, values.corpus);
    const engine = values.engine ?? (scanned ? SCANNED_ENGINES : undefined);
    const pool = {
      ...(values.workers ? { workers: Math.max(1, Number(values.workers)) } : {}),
      ...(values['page-timeout'] ? { pageTimeoutMs: Number(values['page-timeout']) * 1000 } : {}),
      ...(values['no-peer-cache'] ? { cache: false } : {}),
    };
    const { results } = await runQuality(suite, corpus, engine, limit, fold, pool);
    if (values.worst) for (const r of results) printWorst(r, Number(values.worst));
  } else if ((cmd === 'cold' || (cmd === 'speed' && suite === 'pdf' && values.cold)) && values.scanned) {
    await runColdScanned({
      runs: values.runs ? Number(values.runs) : undefined,
      limit,
      corpus: values.corpus,
      ocrEngines: values.engine?.split(',').filter(Boolean),
    });
  } else if (cmd === 'speed' && suite === 'pdf' && values.cold) {
    // Issue 27's name for the whole-process benchmark: the same as `pnpm bench cold`.
    await runCold({
      runs: values.runs ? Number(values.runs) : undefined,
      corpus: values.corpus,
      instructions: values.instructions === true,
      mainThread: values['main-thread'] === true,
    });
  } else if (cmd === 'speed') {
    if (!['pdf', 'html', 'office'].includes(suite)) throw new Error(USAGE);
    const scanned = values.scanned && suite === 'pdf';
    const corpus = scanned ? scannedCorpus(values.corpus) : corpusDir(suite, values.corpus);
    if (scanned) values.engine ??= SCANNED_ENGINES;
    const runs = values.runs ? Number(values.runs) : 3;
    if (values.instructions)
      await runSpeedInstructions(suite as Kind, corpus, { runs, limit, engine: values.engine });
    else if (!values['scaling-only'])
      await runSpeed(suite as Kind, corpus, { runs, limit, engine: values.engine });
    // Scaling runs by default for pdf and html (one large input per size); --no-scaling skips it.
    if ((suite === 'pdf' || suite === 'html') && !values['no-scaling'] && !scanned && !values.instructions) {
      const sizes = values.sizes?.split(',').map(Number);
      const timeoutSec = values['scale-timeout'] ? Number(values['scale-timeout']) : undefined;
      await runScaling(suite, corpus, { sizes, engine: values.engine, timeoutSec });
    }
    // Office's scaling figure: one 200,000-row sheet, distill only.
    if (
      suite === 'office' &&
      !values['no-scaling'] &&
      !values.instructions &&
      (!values.engine || values.engine === 'distill')
    )
      await runBigSheet();
  } else if (cmd === 'cold') {
    await runCold({
      runs: values.runs ? Number(values.runs) : undefined,
      corpus: values.corpus,
      instructions: values.instructions === true,
      mainThread: values['main-thread'] === true,
    });
  } else if (cmd === 'install') {
    await runInstallSize();
  } else if (cmd !== 'report') {
    throw new Error(USAGE);
  }
  console.log(`wrote ${writeReport()}`);
  if (cmd === 'report' && values.html) {
    const worst = values.worst === undefined ? 5 : Number(values.worst);
    // The inspector (and pdf.js drawing) loads only for the HTML report.
    const { writeHtmlReport } = await import('./report-html.js');
    console.log(`wrote ${await writeHtmlReport({ worst, inspect: !values['no-inspect'] })}`);
  }
}

if (!dispatchProgram()) runMain(main);
