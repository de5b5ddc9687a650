import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { DistillError } from '@distill/core';
import type { RecognizeOptions, TessResult } from '../pool.js';
import type { PoolWorker } from '../worker-pool.js';
import { parseHocr } from './hocr.js';
import { rotatePgm } from './rotate.js';

/** The command the native engine runs: Debian's `tesseract-ocr` puts it on PATH. */
export const NATIVE_COMMAND = 'tesseract';

let found: string | null | undefined;

/** The `tesseract` executable on PATH, or undefined; looked up once a process. */
export function nativeTesseract(): string | undefined {
  if (found === undefined) {
    found = null;
    for (const dir of (process.env.PATH ?? '').split(delimiter)) {
      if (!dir) continue;
      const file = join(dir, NATIVE_COMMAND);
      try {
        accessSync(file, constants.X_OK);
        found = file;
        break;
      } catch {}
    }
  }
  return found ?? undefined;
}

export interface NativeJob {
  image: Uint8Array;
  opts: RecognizeOptions;
}

/** Most of tesseract's stderr kept for an error message. */
const STDERR_KEPT = 2_000;

/**
 * A reader of the native engine: each page is one run of the `tesseract` command, the image
 * (PGM, PNG or JPEG) on its stdin, hOCR on its stdout, on one thread (OMP_THREAD_LIMIT=1: the
 * pool runs a reader per core; Debian's build would otherwise start an OpenMP team per page).
 * A process per page costs about as much as tesseract's own start (the trained data loads in
 * a few tens of milliseconds), and a crash or a hang takes one page with it, never the pool:
 * aborting the job (the page budget) kills the process.
 */
export function nativeReader(
  command: string,
  tessdata: string,
  languages: string,
): PoolWorker<NativeJob, TessResult> {
  let child: ChildProcess | undefined;
  return {
    run: ({ image, opts }) =>
      new Promise<TessResult>((resolve, reject) => {
        // A page crooked past REREAD_SKEW is read again turned straight: tesseract.js turns the
        // image inside its core; here the pixels are turned before they go to the command.
        const input = opts.rotateRadians ? (rotatePgm(image, opts.rotateRadians) ?? image) : image;
        const args = [
          'stdin',
          'stdout',
          '--tessdata-dir',
          tessdata,
          '-l',
          languages,
          '--oem',
          '1',
          // The same page segmentation and settings as the tesseract.js pool (pool.ts `read`).
          '--psm',
          '3',
          '--dpi',
          String(Math.round(opts.dpi ?? 300)),
          '-c',
          'tessedit_do_invert=0',
          '-c',
          'tessedit_create_hocr=1',
        ];
        const proc = spawn(command, args, {
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        });
        child = proc;
        const out: Buffer[] = [];
        let err = '';
        proc.stdout?.on('data', (b: Buffer) => out.push(b));
        proc.stderr?.on('data', (b: Buffer) => {
          err = (err + b.toString('utf8')).slice(-STDERR_KEPT);
        });
        // A process that dies before reading all of its input closes the pipe: its exit says why.
        proc.stdin?.on('error', () => {});
        proc.on('error', (e) => {
          child = undefined;
          reject(
            new DistillError(
              'MISSING_DEPENDENCY',
              `native tesseract could not run (${command}): ${e.message}`,
              {
                cause: e,
              },
            ),
          );
        });
        proc.on('close', (code, signal) => {
          if (child === proc) child = undefined;
          if (code === 0) {
            resolve(parseHocr(Buffer.concat(out).toString('utf8')));
            return;
          }
          const why = signal ? `was killed (${signal})` : `exited with code ${code}`;
          const detail = err.trim().split('\n').slice(-3).join(' / ');
          reject(new Error(`native tesseract ${why}${detail ? `: ${detail}` : ''}`));
        });
        proc.stdin?.end(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
      }),
    // A run in flight keeps the process alive through its pipes; an idle reader holds nothing.
    ref: () => {},
    unref: () => {},
    terminate: async () => {
      child?.kill('SIGKILL');
      child = undefined;
    },
  };
}
