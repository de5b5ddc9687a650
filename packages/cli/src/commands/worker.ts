import { parseArgs } from 'node:util';
import type { Io } from '../io.js';
import { terminalError } from '../messages.js';
import { loadOptional } from '../optional.js';

export const WORKER_HELP = `Usage: distill worker --queue redis://host:port/name [--concurrency N]

Takes conversion jobs that \`distill batch --queue\` enqueued and converts them with the same
engine, on all cores. Retryable failures are retried with backoff; bad files go to the
<name>-dead queue with their error. Stops cleanly on SIGINT or SIGTERM.`;

export async function workerCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      queue: { type: 'string' },
      concurrency: { type: 'string', short: 'c' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(`${WORKER_HELP}\n`);
    return 0;
  }
  if (!values.queue) {
    io.err(`distill worker: --queue URL is required\n\n${WORKER_HELP}\n`);
    return 2;
  }
  const { startQueueWorker } = await loadOptional(
    () => import('@distill/batch/queue'),
    'bullmq',
    'distill worker',
  );
  let converted = 0;
  let failed = 0;
  const handle = await startQueueWorker({
    queue: values.queue,
    concurrency: values.concurrency ? Number(values.concurrency) : undefined,
    // One line per job, so an operator can follow a worker (and grep its log) file by file.
    onOutcome: (o, job) => {
      if (o.status === 'ok') {
        converted++;
        io.err(`ok    ${o.path} (${o.ms} ms${o.pages ? `, ${o.pages} pages` : ''}) job ${job.id}\n`);
      } else {
        failed++;
        io.err(
          `error ${o.path}: ${terminalError({ code: o.code ?? 'UNKNOWN_ERROR', message: o.error ?? '' })} job ${job.id} attempt ${job.attemptsMade + 1}\n`,
        );
      }
    },
  });
  io.err(`distill worker: waiting for jobs on ${values.queue}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await handle.close();
  io.err(`distill worker: stopped after ${converted} converted, ${failed} failed\n`);
  return 0;
}
