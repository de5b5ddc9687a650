import { createHash } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { CreditLedger } from '../limits/ledger.js';
import type { ScrapeService } from '../services.js';
import { RedisState, redisUrlOfQueue } from '../state/redis.js';
import { type PageEnv, processPage } from './page.js';
import { RedisHostGate } from './redis-host-gate.js';
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

/** Where a cancelled job's id is published, so every worker stops its pages of it at once. */
export const CANCEL_CHANNEL = 'distill:crawl:cancelled';

export interface QueueParts {
  redis: Redis;
  store: RedisJobStore;
  queue: Queue<PageJob>;
  dispatch(id: string, entries: FrontierEntry[]): Promise<void>;
  /** Tells the workers a job was cancelled (its pages in flight are aborted). */
  announceCancel(id: string): Promise<void>;
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
    async announceCancel(id) {
      await redis.publish(CANCEL_CHANNEL, id);
    },
    async close() {
      await queue.close();
      redis.disconnect();
    },
  };
}

/** Job ids whose signals a worker keeps: jobs with pages on this worker lately (oldest dropped). */
const MAX_SIGNALS = 4096;

/**
 * The abort signal of each job a worker has pages of, fired when the server announces the job
 * cancelled: fetches, browser pages and parses in flight stop, and their pages are not stored.
 */
class CancelSignals {
  private readonly controllers = new Map<string, AbortController>();
  private sub?: Redis;

  async listen(redis: Redis): Promise<void> {
    this.sub = redis.duplicate();
    this.sub.on('error', () => undefined);
    this.sub.on('message', (_channel: string, id: string) => this.controller(id).abort());
    await this.sub.subscribe(CANCEL_CHANNEL);
  }

  private controller(id: string): AbortController {
    let c = this.controllers.get(id);
    if (!c) {
      c = new AbortController();
      this.controllers.set(id, c);
      if (this.controllers.size > MAX_SIGNALS)
        this.controllers.delete(this.controllers.keys().next().value as string);
    }
    return c;
  }

  signal(id: string): AbortSignal {
    return this.controller(id).signal;
  }

  /** A job that completed here: its signal is no longer needed. */
  forget(id: string): void {
    this.controllers.delete(id);
  }

  close(): void {
    this.sub?.disconnect();
  }
}

export interface CrawlWorkerOptions {
  queue: string;
  scrape: ScrapeService;
  /** Pages processed at once by this process. */
  concurrency?: number;
  /**
   * Requests in flight per host, over all workers of the queue (a cap under the one each crawl
   * carries from its server's --crawl-per-host).
   */
  perHostConcurrency?: number;
  allowPrivateUrls?: boolean;
  webhookSecret?: string;
  /**
   * How long a page's lock lasts without renewal: a worker that died mid-page has its page
   * handed to another worker after about this long.
   */
  lockDurationMs?: number;
  /**
   * The Redis the server keeps credits in (`distill serve --redis`); default the queue's own
   * Redis, where `distill serve --queue` keeps them without --redis. Each page holds a credit
   * there before its fetch and settles its price as it is stored, as the in-process engine does.
   */
  stateRedis?: string;
  onPage?: (job: PageJob, ms: number) => void;
}

/** How long a worker's page hold lives if the worker dies mid-page: past any scrape's deadline. */
const PAGE_HOLD_MS = 10 * 60_000;

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
  const lock = opts.lockDurationMs ?? 30_000;
  const cancels = new CancelSignals();
  await cancels.listen(parts.redis);
  const state = await RedisState.open(opts.stateRedis ?? redisUrlOfQueue(opts.queue));
  const ledger = new CreditLedger(state, PAGE_HOLD_MS);
  const env: PageEnv = {
    store: parts.store,
    scrape: opts.scrape,
    robots: new RobotsCache(opts.allowPrivateUrls === true),
    // Requests per host counted over every worker: a lease per request in Redis, lapsing with
    // the page lock, so a killed worker's slots come back when its pages do.
    hosts: new RedisHostGate(parts.redis, opts.perHostConcurrency ?? 16, lock),
    webhooks,
    dispatch: parts.dispatch,
    signalFor: (id) => cancels.signal(id),
    credits: {
      hold: (owner, budget) => ledger.reserve(owner, budget),
      settle: (hold, n) => ledger.settle(hold, n),
      release: (hold) => ledger.release(hold),
    },
    onFinished: (id) => cancels.forget(id),
  };
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
      cancels.close();
      await state.close();
      await webhooks.flush();
      await parts.close();
    },
  };
}
