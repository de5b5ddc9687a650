import { parseArgs } from 'node:util';
import { type BatchItem, batch, expandInputs, Progress } from '@distill/batch';
import { parseOptionsSchema, toDistillError, validate } from 'distill';
import type { Io } from '../io.js';
import { loadOptional } from '../optional.js';
import { PARSE_FLAGS, PARSE_FLAGS_HELP, parseOptionsFromFlags } from '../options.js';

export const BATCH_HELP = `Usage: distill batch <dir|glob|file>... --out DIR [--concurrency N] [--json] [--queue redis://host:port/name] [options]

Converts many files on all cores. Writes <out>/<file>.md (.json with --json) mirroring the
input folders, and <out>/manifest.jsonl (path, size, hash, status, error code, timings), so a
re-run skips finished files and retries failed ones. With --queue, enqueues one job per file
on Redis (BullMQ) for \`distill worker\` processes on any machine, and writes the manifest from
their results. Exit code 1 if any file failed.

  --out DIR                 output folder (required)
  --concurrency N           worker threads (default: the machine's cores)
  --json                    also write the whole result as <file>.json
  --queue URL               distribute over a Redis queue instead of local threads
  --no-resume               convert everything again, ignoring the manifest
  --retry-failed            also retry files that failed for good (corrupt, unsupported)
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
      out: { type: 'string', short: 'o' },
      json: { type: 'boolean' },
      concurrency: { type: 'string', short: 'c' },
      queue: { type: 'string' },
      'no-resume': { type: 'boolean' },
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
  const options = parseOptionsFromFlags(values);
  try {
    validate(parseOptionsSchema, options, 'options');
  } catch (e) {
    io.err(`distill batch: ${toDistillError(e).message}\n`);
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
    resume: !values['no-resume'],
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
    items = batch(positionals, { ...common, concurrency });
  }
  for await (const item of items) {
    progress.add(item);
    if (item.status === 'error' && !item.skipped) {
      io.err(`${io.isTTY ? '\r\x1b[2K' : ''}error ${item.path}: ${item.code} ${item.error}\n`);
    }
  }
  io.err(`${progress.finish()}\n`);
  return progress.failed + progress.skippedFailed > 0 ? 1 : 0;
}
