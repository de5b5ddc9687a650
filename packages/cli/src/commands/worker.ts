import { parseArgs } from 'node:util';
import type { Io } from '../io.js';
import { terminalError } from '../messages.js';
import { loadOptional } from '../optional.js';

export const WORKER_HELP = `Usage: distill worker --queue redis://host:port/name [--concurrency N] [--only convert|crawl]

Takes jobs from the queue and works on them until stopped:
  convert  files that \`distill batch --queue\` enqueued, converted with the same engine on all
           cores; retryable failures are retried with backoff, bad files go to the <name>-dead
           queue with their error.
  crawl    pages of crawls and batch scrapes that \`distill serve --queue\` started (the
           <name>-crawl queue); a worker that dies mid-page has its page retried by another
           after the lock lapses (--lock-seconds), never stored twice.
Both by default. Stops cleanly on SIGINT or SIGTERM.

  --concurrency N        conversion threads, and crawl pages in flight (default: the cores; 8 pages)
  --allow-private-urls   crawl loopback and private addresses (DISTILL_ALLOW_PRIVATE_URLS=1)
  --webhook-secret S     sign crawl webhooks sent from this worker (DISTILL_WEBHOOK_SECRET)
  --lock-seconds N       how long a crawl page stays locked to a silent worker (default 30)
  --data-dir DIR         the scrape cache and browser profiles (DISTILL_DATA_DIR)
  --redis URL            where the server keeps credits, when it was given --redis (DISTILL_REDIS_URL);
                         default the queue's Redis, as \`distill serve --queue\` uses without --redis.
                         Each crawl page holds a credit there before its fetch and is charged as it
                         is stored, so a crawl cannot overdraw its key`;

export async function workerCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      queue: { type: 'string' },
      concurrency: { type: 'string', short: 'c' },
      only: { type: 'string' },
      'allow-private-urls': { type: 'boolean' },
      'webhook-secret': { type: 'string' },
      'lock-seconds': { type: 'string' },
      'data-dir': { type: 'string' },
      redis: { type: 'string' },
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
  if (values.only !== undefined && values.only !== 'convert' && values.only !== 'crawl') {
    io.err(`distill worker: --only takes convert or crawl, got ${values.only}\n`);
    return 2;
  }
  const handles: { close(): Promise<void> }[] = [];
  let converted = 0;
  let failed = 0;
  let pages = 0;
  if (values.only !== 'crawl') {
    const { startQueueWorker } = await loadOptional(
      () => import('@distill/batch/queue'),
      'bullmq',
      'distill worker',
    );
    handles.push(
      await startQueueWorker({
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
      }),
    );
  }
  if (values.only !== 'convert') {
    const { startCrawlWorker, engineServices } = await loadOptional(
      () => import('@distill/server'),
      '@distill/server',
      'distill worker',
    );
    const env = process.env;
    const engine = engineServices({
      env,
      allowPrivateUrls: values['allow-private-urls'] === true || env.DISTILL_ALLOW_PRIVATE_URLS === '1',
      ...(values['data-dir'] || env.DISTILL_DATA_DIR
        ? { dataDir: values['data-dir'] || env.DISTILL_DATA_DIR }
        : {}),
    });
    const crawl = await startCrawlWorker({
      queue: values.queue,
      scrape: engine.scrape,
      concurrency: values.concurrency ? Number(values.concurrency) : undefined,
      allowPrivateUrls: values['allow-private-urls'] === true || env.DISTILL_ALLOW_PRIVATE_URLS === '1',
      webhookSecret: values['webhook-secret'] ?? (env.DISTILL_WEBHOOK_SECRET || undefined),
      lockDurationMs: values['lock-seconds'] ? Number(values['lock-seconds']) * 1000 : undefined,
      ...(values.redis || env.DISTILL_REDIS_URL ? { stateRedis: values.redis || env.DISTILL_REDIS_URL } : {}),
      onPage: (job, ms) => {
        pages++;
        io.err(`page  ${job.url} (${ms} ms) crawl ${job.id}\n`);
      },
    });
    handles.push({
      async close() {
        await crawl.close();
        await engine.close();
      },
    });
  }
  io.err(`distill worker: waiting for jobs on ${values.queue}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  for (const h of handles) await h.close();
  io.err(`distill worker: stopped after ${converted} converted, ${failed} failed, ${pages} crawl pages\n`);
  return 0;
}
