import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type InputFile, ocrShare } from '@distill/batch';
import type { ParseOptionsInput } from 'distill/internals';

// `distill parse <folder> --out` on all cores. A cold process spends most of a folder of small
// files in V8's first pass over our code, one file after another on one core while the others
// wait (`pnpm bench cold`). Helper processes (the same built command) take files from the same
// list. Processes, not worker threads: a worker thread starts Node's bootstrap again in a new
// isolate, and on a Node built without a code cache for its own modules (Debian's) an empty
// worker costs some 255 M instructions, twice a whole `node -e 0`; a crash or an exhausted heap
// in a helper also stays in the helper. A file is claimed by creating a folder named for its
// index in a run folder (mkdir is atomic), so no process waits for another to hand it work and
// a helper that starts late simply claims fewer files. Every process writes its own outputs;
// helpers leave each file's log lines in its folder, and the main process prints them all in
// input order, so the log reads the same whichever process converted a file.

/** The argument that makes `distill parse` a helper (given only by convertWithHelpers). */
export const PARSE_HELPER_ARG = '--distill-parse-helper';

/** Files below which a helper is not worth its start (a Node process, warmed up alone). */
const FILES_PER_PROCESS = 8;

/**
 * Cores one cold process keeps busy: its own thread, and V8's optimising compiler and garbage
 * collector on threads of their own. Measured on 2 cores (session 20, dev PDFs in fast mode,
 * 5–9 runs alternated, quiet machine): one process used 1.36 CPU s a second on 100 files and
 * 1.41 on 300, and one process beat two: 1.09 s against 1.19 s wall for 100 files, 2.31 s
 * against 2.89 s for 300 (two processes' compiler threads took the cores their main threads
 * needed). So a process counts as 1.5 cores: one on 2 cores, two on 4, five on 8.
 */
const CORES_PER_PROCESS = 1.5;

/** What a process needs to convert any file of the list. */
export interface ParseJob {
  files: InputFile[];
  options: ParseOptionsInput;
  out: string;
  json: boolean;
  images?: string;
}

/** One converted (or failed) file: the lines the log prints for it. */
export interface FileReport {
  i: number;
  text: string;
  ok: boolean;
}

/** Converts file `i` of the job and says how it went; never throws. */
export type ConvertOne = (job: ParseJob, i: number) => Promise<FileReport>;

/** The PDF mode of a job's options (`auto` unless given; none without the PDF parser). */
function pdfMode(options: ParseOptionsInput): string | undefined {
  const parsers = (options as { parsers?: { type?: string; mode?: string }[] }).parsers;
  if (!parsers) return 'auto';
  const pdf = parsers.find((p) => p.type === 'pdf');
  return pdf ? (pdf.mode ?? 'auto') : undefined;
}

/**
 * How many processes convert `files` files: `--concurrency`, else one per CORES_PER_PROCESS
 * cores, at most one per FILES_PER_PROCESS. With `--pdf-mode ocr` one process: its OCR pool has a reader per core and
 * filesAtOnce keeps them busy, where each helper process paid tesseract's start-up again (its
 * wasm core tiered up by V8, its trained data loaded: about 3 CPU s; V8 shares compiled wasm
 * between the threads of one process, not between processes) and a Node start of its own.
 */
export function processCount(
  files: number,
  asked: number | undefined,
  options: ParseOptionsInput,
  cores = availableParallelism(),
): number {
  if (asked === undefined && pdfMode(options) === 'ocr') return 1;
  const most = asked ?? Math.max(1, Math.floor(cores / CORES_PER_PROCESS));
  return Math.max(1, Math.min(most, Math.floor(files / FILES_PER_PROCESS)));
}

/**
 * Files a process converts at once: when PDF pages may be OCR'd, as many as its OCR pool has
 * readers (`DISTILL_OCR_WORKERS`, which the helpers get as their share of the cores, else the
 * cores); else one. A one-page scan gives the pool one page, so converting one file at a time
 * left every reader but one idle (a folder of 10 scans kept 1.15 cores busy on 2).
 */
export function filesAtOnce(options: ParseOptionsInput, env: NodeJS.ProcessEnv = process.env): number {
  const mode = pdfMode(options);
  if (mode !== 'auto' && mode !== 'ocr') return 1;
  const workers = Number(env.DISTILL_OCR_WORKERS);
  return Number.isInteger(workers) && workers > 0 ? workers : availableParallelism();
}

/** Runs `work` on 0 … n − 1, `lanes` at a time, each lane taking the next index when it is free. */
export async function inLanes(n: number, lanes: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < n) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, n)) }, lane));
}

const JOB = 'job.json';
const REPORT = 'report.json';

/** Claims file `i` for this process: true once, for one process, whatever the race. */
function claim(run: string, i: number): boolean {
  try {
    mkdirSync(join(run, String(i)));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

function readReport(run: string, i: number): FileReport | undefined {
  try {
    return JSON.parse(readFileSync(join(run, String(i), REPORT), 'utf8')) as FileReport;
  } catch {
    return undefined;
  }
}

/**
 * Converts every file of `job` in `processes` processes (this one and processes − 1 helpers
 * started from `entry`, the built `distill` command), calling `report` in input order.
 */
export async function convertWithHelpers(
  entry: string,
  processes: number,
  job: ParseJob,
  convert: ConvertOne,
  report: (r: FileReport) => void,
): Promise<void> {
  const n = job.files.length;
  const run = mkdtempSync(join(tmpdir(), 'distill-parse-'));
  let stopOnSignal: ((signal: NodeJS.Signals) => void) | undefined;
  try {
    writeFileSync(join(run, JOB), JSON.stringify(job));
    // Loaded here: child_process loads Node's net and stream modules, which a one-file parse never needs.
    const { spawn } = process.getBuiltinModule('node:child_process') as typeof import('node:child_process');
    const env = {
      ...process.env,
      DISTILL_OCR_WORKERS: process.env.DISTILL_OCR_WORKERS ?? ocrShare(processes),
    };
    const helpers: Promise<unknown>[] = [];
    const children: { kill(signal: NodeJS.Signals): unknown }[] = [];
    // Stopped (Ctrl-C, kill): the helpers stop too, and the run folder goes with them.
    const stop = (signal: NodeJS.Signals) => {
      for (const c of children) c.kill(signal);
      rmSync(run, { recursive: true, force: true });
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGINT', stop).once('SIGTERM', stop);
    stopOnSignal = stop;
    for (let k = 1; k < processes; k++) {
      const child = spawn(process.execPath, [...process.execArgv, entry, 'parse', PARSE_HELPER_ARG, run], {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      helpers.push(
        new Promise((resolve) => {
          child.once('error', resolve);
          child.once('exit', resolve);
        }),
      );
    }
    const mine = new Map<number, FileReport>();
    let printed = 0;
    // Prints every report that is ready, in order, up to the first file still being converted.
    const flush = () => {
      for (; printed < n; printed++) {
        const r = mine.get(printed) ?? readReport(run, printed);
        if (!r) break;
        mine.delete(printed);
        report(r);
      }
    };
    await inLanes(n, filesAtOnce(job.options, env), async (i) => {
      if (!claim(run, i)) return;
      mine.set(i, await convert(job, i));
      flush();
    });
    await Promise.all(helpers);
    flush();
    // A file claimed by a helper that stopped before it reported is failed, never dropped.
    for (; printed < n; printed++) {
      const r = readReport(run, printed) ?? {
        i: printed,
        ok: false,
        text: `error ${job.files[printed]?.path}: the process converting it stopped before it finished\n`,
      };
      report(r);
    }
  } finally {
    if (stopOnSignal) process.off('SIGINT', stopOnSignal).off('SIGTERM', stopOnSignal);
    rmSync(run, { recursive: true, force: true });
  }
}

/** claim() in a helper: a run folder that has gone (the main process stopped) ends the helper. */
function claimed(run: string, i: number): boolean {
  try {
    return claim(run, i);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') process.exit(0);
    throw e;
  }
}

/** The body of a helper process: claims and converts files of the run until none is left. */
export async function runParseHelper(run: string | undefined, convert: ConvertOne): Promise<number> {
  if (!run) throw new Error(`${PARSE_HELPER_ARG} is for distill's own helper processes`);
  const job = JSON.parse(readFileSync(join(run, JOB), 'utf8')) as ParseJob;
  await inLanes(job.files.length, filesAtOnce(job.options), async (i) => {
    if (!claimed(run, i)) return;
    const r = await convert(job, i);
    // Written aside and renamed, so the main process never reads half a report.
    const file = join(run, String(i), REPORT);
    try {
      writeFileSync(`${file}.part`, JSON.stringify(r));
      renameSync(`${file}.part`, file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') process.exit(0);
      throw e;
    }
  });
  return 0;
}
