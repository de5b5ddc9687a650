import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, closeSync, constants, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { DistillError } from '@distill/core';
import type { RecognizeOptions, TessResult } from '../pool.js';
import type { PoolWorker } from '../worker-pool.js';
import { parseHocr } from './hocr.js';
import { pgmSize, rotatePgm } from './rotate.js';
import { greyTiffHeader } from './tiff.js';

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
 * Writes the image for tesseract to read from `file`: a grey PGM as an uncompressed TIFF of the
 * same pixels (see greyTiffHeader: leptonica reads it in one piece), anything else as it is
 * (leptonica tells the format from the bytes).
 */
function writeImage(file: string, image: Uint8Array, dpi: number): void {
  const size = pgmSize(image);
  const fd = openSync(file, 'w');
  try {
    if (size) {
      writeFileSync(fd, greyTiffHeader(size.width, size.height, dpi));
      writeFileSync(fd, image.subarray(size.offset, size.offset + size.width * size.height));
    } else writeFileSync(fd, image);
  } finally {
    closeSync(fd);
  }
}

/**
 * A reader of the native engine: each page is one run of the `tesseract` command, the image
 * (PGM, PNG or JPEG) in a file of a temporary folder of its own (on stdin where no file can be
 * written), hOCR on its stdout, on one thread (OMP_THREAD_LIMIT=1: the
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
  // The folder holding the image of the job running (one at a time on a reader).
  let folder: string | undefined;
  const drop = (dir: string | undefined) => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (folder === dir) folder = undefined;
  };
  return {
    run: ({ image, opts }) =>
      new Promise<TessResult>((resolve, reject) => {
        // A page crooked past REREAD_SKEW is read again turned straight: tesseract.js turns the
        // image inside its core; here the pixels are turned before they go to the command.
        const input = opts.rotateRadians ? (rotatePgm(image, opts.rotateRadians) ?? image) : image;
        const dpi = Math.round(opts.dpi ?? 300);
        // A folder a page, gone when its process ends: nothing is left behind by a command
        // that exits without closing its pool.
        let mine: string | undefined;
        let file: string | undefined;
        try {
          mine = folder = mkdtempSync(join(tmpdir(), 'distill-ocr-native-'));
          file = join(mine, 'page');
          writeImage(file, input, dpi);
        } catch {
          // A full or read-only temporary folder: the image goes on stdin.
          drop(mine);
          mine = file = undefined;
        }
        const args = [
          file ?? 'stdin',
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
          String(dpi),
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
          drop(mine);
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
          drop(mine);
          if (code === 0) {
            resolve(parseHocr(Buffer.concat(out).toString('utf8')));
            return;
          }
          const why = signal ? `was killed (${signal})` : `exited with code ${code}`;
          const detail = err.trim().split('\n').slice(-3).join(' / ');
          reject(new Error(`native tesseract ${why}${detail ? `: ${detail}` : ''}`));
        });
        if (file) proc.stdin?.end();
        else proc.stdin?.end(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
      }),
    // A run in flight keeps the process alive through its pipes; an idle reader holds nothing.
    ref: () => {},
    unref: () => {},
    terminate: async () => {
      child?.kill('SIGKILL');
      child = undefined;
      drop(folder);
    },
  };
}
