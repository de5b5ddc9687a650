import { createHash } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ScrapeService } from '../services.js';
import { HostGate } from './host-gate.js';
import { type PageEnv, processPage } from './page.js';
import { RedisJobStore } from './redis-store.js';
import { RobotsCache } from './robots-cache.js';
import type { FrontierEntry } from './types.js';
import { type WebhookSender, webhookSender } from './webhooks.js';

export interface PageJob {
  id: string;
  url: string;
  depth: number;
}

/** The BullMQ queue of crawl pages beside a `distill batch` queue of the same name. */
export const crawlQueueName = (name: string) => `${name}-crawl`;

/** One BullMQ job per frontier URL: its id is the job and URL, so a URL is never queued twice. */
export const pageJobId = (id: string, url: string) => `${id}-${createHash('sha1').update(url).digest('hex')}`;

export interface QueueParts {
  redis: Redis;
  store: RedisJobStore;
  queue: Queue<PageJob>;
  dispatch(id: string, entries: FrontierEntry[]): Promise<void>;
  close(): Promise<void>;
}

/** Connects to the `--queue redis://…` target: the job store and the page queue. */
export async function openQueue(url: string): Promise<QueueParts> {
  const [{ parseQueueUrl }, { Queue }, { Redis }] = await Promise.all([
    import('@distill/batch/queue'),
    import('bullmq'),
    import('ioredis'),
  ]);
  const target = parseQueueUrl(url);
  const redis = new Redis(target.connection as never);
  const store = new RedisJobStore(redis);
  const queue = new Queue<PageJob>(crawlQueueName(target.name), { connection: target.connection as never });
  return {
    redis,
    store,
    queue,
    async dispatch(id, entries) {
      if (entries.length === 0) return;
      await queue.addBulk(
        entries.map((e) => ({
          name: 'page',
          data: { id, url: e.url, depth: e.depth },
          opts: {
            jobId: pageJobId(id, e.url),
            attempts: 5,
            backoff: { type: 'exponential', delay: 1000 },
            // Finished pages leave the queue at once: the job store, not BullMQ, keeps results.
            removeOnComplete: true,
            removeOnFail: { age: 24 * 3600 },
          },
        })),
      );
    },
    async close() {
      await queue.close();
      redis.disconnect();
    },
  };
}

export interface CrawlWorkerOptions {
  queue: string;
  scrape: ScrapeService;
  /** Pages processed at once by this process. */
  concurrency?: number;
  /** Requests in flight per host from this process. */
  perHostConcurrency?: number;
  allowPrivateUrls?: boolean;
  webhookSecret?: string;
  /**
   * How long a page's lock lasts without renewal: a worker that died mid-page has its page
   * handed to another worker after about this long.
   */
  lockDurationMs?: number;
  onPage?: (job: PageJob, ms: number) => void;
}

export interface CrawlWorkerHandle {
  close(): Promise<void>;
}

/**
 * Processes crawl pages from the queue (`distill worker`, and `distill serve --queue` when it
 * also works). A page whose worker died is redelivered by BullMQ's stalled-job check and
 * processed again; the store keeps its result unique.
 */
export async function startCrawlWorker(opts: CrawlWorkerOptions): Promise<CrawlWorkerHandle> {
  const parts = await openQueue(opts.queue);
  const { Worker } = await import('bullmq');
  const { parseQueueUrl } = await import('@distill/batch/queue');
  const target = parseQueueUrl(opts.queue);
  const webhooks: WebhookSender = webhookSender({
    secret: opts.webhookSecret,
    allowPrivate: opts.allowPrivateUrls === true,
  });
  const env: PageEnv = {
    store: parts.store,
    scrape: opts.scrape,
    robots: new RobotsCache(opts.allowPrivateUrls === true),
    hosts: new HostGate(opts.perHostConcurrency ?? 16),
    webhooks,
    dispatch: parts.dispatch,
    signalFor: () => undefined,
  };
  const lock = opts.lockDurationMs ?? 30_000;
  const worker: Worker<PageJob> = new Worker<PageJob>(
    crawlQueueName(target.name),
    async (job) => {
      const t = Date.now();
      const rerun = job.attemptsMade > 0 || (job.attemptsStarted ?? 1) > 1;
      await processPage(env, job.data.id, { url: job.data.url, depth: job.data.depth }, rerun);
      opts.onPage?.(job.data, Date.now() - t);
    },
    {
      connection: target.connection as never,
      concurrency: opts.concurrency ?? 8,
      lockDuration: lock,
      stalledInterval: Math.max(1000, Math.floor(lock / 2)),
      maxStalledCount: 5,
    },
  );
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      await webhooks.flush();
      await parts.close();
    },
  };
}
