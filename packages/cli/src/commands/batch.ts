import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type BatchItem, batch, expandInputs, MANIFEST, Progress } from '@distill/batch';
import { parseOptionsSchema, toDistillError, validate } from 'distill';
import type { Io } from '../io.js';
import { flagError, terminalError } from '../messages.js';
import { loadOptional } from '../optional.js';
import {
  IMAGES_FLAG,
  IMAGES_FLAG_HELP,
  PARSE_FLAGS,
  PARSE_FLAGS_HELP,
  parseOptionsFromFlags,
} from '../options.js';

export const BATCH_HELP = `Usage: distill batch <dir|glob|file>... --out DIR [--concurrency N] [--json] [--queue redis://host:port/name] [options]

Converts many files on all cores. Writes <out>/<file>.md (.json with --json) mirroring the
input folders, and <out>/manifest.jsonl (path, size, hash, options, status, error code,
timings). A re-run skips files converted with the same options and engine version, converts
again what changed (the file, or options such as --formats and --pdf-mode), and retries
failures that may pass now. Files of no supported format are counted and listed, not
converted; gzip-compressed files (page.html.gz) are read. Ctrl-C stops with a summary; the
same command resumes. With --queue, enqueues one job per file on Redis (BullMQ) for
\`distill worker\` processes on any machine and writes the manifest from their results; jobs
are keyed by file and options, so re-running the command after the producer stopped collects
what the workers did meanwhile. Exit code 1 if any file failed, 2 for a usage error.

  -o, --out DIR             output folder (required; checked before any work)
  -c, --concurrency N       worker threads (default: the machine's cores)
  --max-heap-mb N           heap cap of each worker thread, 64..16384 (default 1536, or
                            DISTILL_BATCH_HEAP_MB): a file that needs more fails alone with
                            PAYLOAD_TOO_LARGE and the batch goes on
  --json                    also write the whole result as <file>.json
  --queue URL               distribute over a Redis queue instead of local threads
  -f, --force               convert everything again, ignoring the manifest (also --no-resume)
  --retry-failed            also retry files that failed for good (corrupt, encrypted)
${IMAGES_FLAG_HELP} (not with --queue)
${PARSE_FLAGS_HELP}`;

async function countInputs(args: string[]): Promise<number> {
  let n = 0;
  for await (const _ of expandInputs(args)) n++;
  return n;
}

export async function batchCommand(argv: string[], io: Io & { isTTY?: boolean }): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...PARSE_FLAGS,
      ...IMAGES_FLAG,
      out: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      concurrency: { type: 'string', short: 'c' },
      'max-heap-mb': { type: 'string' },
      queue: { type: 'string' },
      'no-resume': { type: 'boolean' },
      force: { type: 'boolean', short: 'f' },
      'retry-failed': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(`${BATCH_HELP}\n`);
    return 0;
  }
  if (positionals.length === 0 || !values.out) {
    io.err(
      `distill batch: ${positionals.length === 0 ? 'no input given' : '--out DIR is required'}\n\n${BATCH_HELP}\n`,
    );
    return 2;
  }
  const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
    io.err('distill batch: --concurrency takes a whole number ≥ 1\n');
    return 2;
  }
  const maxHeapMb = values['max-heap-mb'] === undefined ? undefined : Number(values['max-heap-mb']);
  if (maxHeapMb !== undefined && !(Number.isInteger(maxHeapMb) && maxHeapMb >= 64 && maxHeapMb <= 16384)) {
    io.err('distill batch: --max-heap-mb takes a whole number from 64 to 16384\n');
    return 2;
  }
  if (values.images !== undefined && values.queue) {
    // Workers on other machines would write images to their own disks.
    io.err('distill batch: --images cannot be used with --queue (the workers run on other machines)\n');
    return 2;
  }
  const options = parseOptionsFromFlags(values);
  try {
    validate(parseOptionsSchema, options, 'options');
  } catch (e) {
    io.err(`distill batch: ${flagError(toDistillError(e))}\n`);
    return 2;
  }
  const unusable = await checkOut(values.out);
  if (unusable) {
    io.err(`distill batch: ${unusable}\n`);
    return 2;
  }
  const progress = new Progress({ isTTY: io.isTTY === true, write: (t) => io.err(t) });
  countInputs(positionals).then(
    (n) => {
      progress.total = n;
    },
    () => {},
  );
  const common = {
    out: values.out,
    json: values.json === true,
    options,
    resume: !values['no-resume'] && !values.force,
    retryFailed: values['retry-failed'] === true,
  };
  let items: AsyncIterable<BatchItem>;
  if (values.queue) {
    const { queueBatch } = await loadOptional(
      () => import('@distill/batch/queue'),
      'bullmq',
      'distill batch --queue',
    );
    items = queueBatch(positionals, { ...common, queue: values.queue });
  } else {
    items = batch(positionals, { ...common, concurrency, maxHeapMb, imagesDir: values.images });
  }
  const manifestPath = join(resolve(values.out), MANIFEST);
  const again = `distill batch ${argv.map(shellQuote).join(' ')}`;
  // Ctrl-C: what was done is in the manifest (one line per file, outputs written atomically),
  // so the summary and how to resume are all that is left to say.
  const interrupted = () => {
    io.err(`${progress.finish()}\ninterrupted: ${progress.summaryCounts()}\n`);
    io.err(`manifest: ${manifestPath}\nresume with the same command: ${again}\n`);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    for await (const item of items) {
      progress.add(item);
      if (item.status === 'error' && !item.skipped) {
        io.err(
          `${io.isTTY ? '\r\x1b[2K' : ''}error ${item.path}: ${terminalError({ code: item.code ?? 'UNKNOWN_ERROR', message: item.error ?? '' })}\n`,
        );
      }
    }
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  io.err(`${progress.finish()}\n`);
  const unsupported = progress.unsupportedList();
  if (unsupported.length > 0)
    io.err(
      `not converted (no supported format): ${progress.unsupported} file${progress.unsupported === 1 ? '' : 's'}${unsupported.length < progress.unsupported ? `, the first ${unsupported.length}` : ''}: ${unsupported.join(', ')}\n`,
    );
  io.err(`manifest: ${manifestPath}\n`);
  return progress.failed + progress.skippedFailed > 0 ? 1 : 0;
}

/** Why `--out` cannot take the outputs (created if missing, then written to), or undefined. */
async function checkOut(out: string): Promise<string | undefined> {
  const dir = resolve(out);
  const probe = join(dir, `.distill-write-check-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'a file is in the way of the folder'
          : code === 'EROFS'
            ? 'read-only file system'
            : code === 'ENOSPC'
              ? 'no space left on the device'
              : String(code ?? (e as Error).message);
    return `cannot write to --out ${dir}: ${why} (${code ?? 'error'})`;
  }
}

const shellQuote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
