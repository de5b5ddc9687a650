import { availableParallelism } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { type InputFile, ocrShare } from '@distill/batch';
import type { ParseOptionsInput } from 'distill/internals';

// `distill parse <folder> --out` on all cores. A cold process spends most of a folder of small
// files in V8's first pass over our code, one file after another on one core while the others
// wait (`pnpm bench cold`). Helper threads take files from the same list: each claims the next
// index from a counter in shared memory, so a thread never waits for the main thread (busy
// converting) to hand it work, and a helper that starts late simply claims fewer files. Every
// thread writes its own outputs; the main thread prints the per-file lines in input order, so
// the log reads the same whichever thread converted a file.

/** The argument that makes `distill parse` a helper thread (given only by startHelpers). */
export const PARSE_THREAD_ARG = '--distill-parse-thread';

/** Files below which a helper thread is not worth its start (a second V8 isolate, warmed up alone). */
const FILES_PER_THREAD = 8;

/** What a thread needs to convert any file of the list. */
export interface ThreadJob {
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
export type ConvertOne = (job: ThreadJob, i: number) => Promise<FileReport>;

interface HelperData {
  job: ThreadJob;
  /** [next index to claim, then the index each helper is converting (-1 when none)]. */
  claims: Int32Array;
  slot: number;
}

/** How many threads convert `files` files: `--concurrency`, else the machine's cores, at most one per FILES_PER_THREAD. */
export function threadCount(files: number, asked: number | undefined): number {
  const most = asked ?? availableParallelism();
  return Math.max(1, Math.min(most, Math.floor(files / FILES_PER_THREAD)));
}

/**
 * Converts every file of `job` on `threads` threads (this one and threads − 1 helpers started
 * from `entry`, the built `distill` command), calling `report` in input order.
 */
export async function convertOnThreads(
  entry: string,
  threads: number,
  job: ThreadJob,
  convert: ConvertOne,
  report: (r: FileReport) => void,
): Promise<void> {
  const n = job.files.length;
  const claims = new Int32Array(new SharedArrayBuffer(4 * threads)).fill(-1);
  claims[0] = 0;
  const done = new Map<number, FileReport>();
  let printed = 0;
  const settle = (r: FileReport) => {
    if (r.i < printed || done.has(r.i)) return;
    done.set(r.i, r);
    while (done.has(printed)) {
      report(done.get(printed) as FileReport);
      done.delete(printed);
      printed++;
    }
  };
  const helpers: Promise<unknown>[] = [];
  for (let slot = 1; slot < threads; slot++) {
    const data: HelperData = { job, claims, slot };
    const w = new Worker(entry, {
      argv: ['parse', PARSE_THREAD_ARG],
      workerData: data,
      // An OCR pool per thread would start as many tesseract workers as cores in each: a
      // helper reads scans with its share of the cores unless the user chose.
      env: { ...process.env, DISTILL_OCR_WORKERS: process.env.DISTILL_OCR_WORKERS ?? ocrShare(threads) },
      stdout: false,
      stderr: false,
    });
    w.on('message', (r: FileReport) => settle(r));
    // A helper that dies (out of memory, a crash in native code) fails the file it held; the
    // files it had not claimed are still in the list for the others.
    const lost = (why: string) => {
      const i = Atomics.exchange(claims, slot, -1);
      if (i >= 0) settle(failed(job, i, why));
    };
    w.on('error', (e) => lost(e.message));
    helpers.push(
      new Promise((resolve) =>
        w.once('exit', (code) => {
          lost(`exit code ${code}`);
          resolve(code);
        }),
      ),
    );
  }
  for (let i = Atomics.add(claims, 0, 1); i < n; i = Atomics.add(claims, 0, 1)) {
    settle(await convert(job, i));
  }
  // Helpers end on their own once the list is empty; their last messages come before 'exit'.
  await Promise.all(helpers);
  // A file claimed by a helper that died before it said which is failed, never dropped.
  for (let i = printed; i < n; i++) if (!done.has(i)) settle(failed(job, i, 'no result came back'));
}

function failed(job: ThreadJob, i: number, why: string): FileReport {
  return { i, ok: false, text: `error ${job.files[i]?.path}: the thread converting it stopped: ${why}\n` };
}

/** The body of a helper thread: claims and converts files until the list is empty. */
export async function runParseThread(convert: ConvertOne): Promise<number> {
  if (!parentPort) throw new Error(`${PARSE_THREAD_ARG} is for distill's own threads`);
  const { job, claims, slot } = workerData as HelperData;
  const n = job.files.length;
  for (;;) {
    const i = Atomics.add(claims, 0, 1);
    if (i >= n) break;
    Atomics.store(claims, slot, i);
    const r = await convert(job, i);
    Atomics.store(claims, slot, -1);
    parentPort.postMessage(r);
  }
  parentPort.close();
  return 0;
}
