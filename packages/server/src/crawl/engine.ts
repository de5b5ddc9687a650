import { randomUUID } from 'node:crypto';
import { DistillError } from '@distill/core';
import type { LlmProvider } from '@distill/web';
import type { ScrapeService } from '../services.js';
import { HostGate } from './host-gate.js';
import { type CrawlLimits, DEFAULT_CRAWL_LIMITS, LIMIT_TEXT } from './limits.js';
import { LocalRunner } from './local-runner.js';
import { MemoryJobStore } from './memory-store.js';
import { type PageCredits, type PageEnv, processPage, seedsOf } from './page.js';
import type { QueueParts } from './queue-engine.js';
import { RobotsCache } from './robots-cache.js';
import type { CrawlPlan, FrontierEntry, JobMeta, JobStore } from './types.js';
import { type WebhookSender, webhookSender } from './webhooks.js';

export interface CrawlEngineOptions {
  /** `redis://…`: jobs, frontier and results in Redis, pages processed by `distill worker`s. */
  queue?: string;
  /** Signs webhook payloads (HMAC-SHA256); webhooks are refused without it. */
  webhookSecret?: string;
  allowPrivateUrls?: boolean;
  limits?: Partial<CrawlLimits>;
  /** Answers /v2/crawl/params-preview (and crawl prompts); without one they are NOT_CONFIGURED. */
  llm?: LlmProvider;
  /** The user agent robots.txt rules are matched against (default `distill`). */
  userAgent?: string;
}

/**
 * The server's ledger, as crawls charge it: a hold per page before its fetch, settled as the
 * page is stored. Queue workers hold and settle the same way against the same state store.
 */
export type CrawlCredits = PageCredits;

/** Documents per status page, and bytes (a page stops early past it, as Firecrawl's 10 MB pages do). */
export const STATUS_PAGE_DOCS = 100;
export const STATUS_PAGE_BYTES = 10 * 1024 * 1024;

export interface StatusPage {
  meta: JobMeta;
  data: unknown[];
  /** Index of the next document, when more are stored. */
  nextSkip?: number;
  total: number;
  warning?: string;
}

/**
 * Crawl and batch-scrape jobs: started by the routes, processed here (in-process engine) or by
 * worker processes (queue engine), read back page by page. Owners are API key ids: a job is
 * visible to the key that started it only.
 */
export class CrawlEngine {
  readonly limits: CrawlLimits;
  private store!: JobStore;
  private queue?: QueueParts;
  private runner?: LocalRunner;
  private env!: PageEnv;
  private readonly webhooks: WebhookSender;
  private readonly controllers = new Map<string, AbortController>();
  private ready?: Promise<void>;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly scrape: ScrapeService | undefined,
    private readonly opts: CrawlEngineOptions,
    private readonly credits: CrawlCredits,
    private readonly log: (msg: string) => void = () => {},
  ) {
    this.limits = { ...DEFAULT_CRAWL_LIMITS, ...opts.limits };
    this.webhooks = webhookSender({
      secret: opts.webhookSecret,
      allowPrivate: opts.allowPrivateUrls === true,
      log,
    });
  }

  get engine(): 'memory' | 'redis' {
    return this.opts.queue ? 'redis' : 'memory';
  }

  get webhookSecret(): string | undefined {
    return this.opts.webhookSecret;
  }

  get userAgent(): string {
    return this.opts.userAgent ?? 'distill';
  }

  get allowPrivate(): boolean {
    return this.opts.allowPrivateUrls === true;
  }

  /** Connects the store (Redis on first use), so a server that never crawls never dials Redis. */
  private init(): Promise<void> {
    this.ready ??= (async () => {
      if (this.opts.queue) {
        const { openQueue } = await import('./queue-engine.js');
        this.queue = await openQueue(this.opts.queue);
        this.store = this.queue.store;
      } else {
        const store = new MemoryJobStore();
        this.store = store;
        this.sweeper = setInterval(() => store.sweep(), 60_000);
        this.sweeper.unref();
      }
      const local = !this.opts.queue;
      if (local) {
        this.runner = new LocalRunner(
          this.limits.maxConcurrentPages,
          (id, entry) => processPage(this.env, id, entry),
          (e) => this.log(`crawl page failed: ${(e as Error).message}`),
        );
      }
      this.env = {
        store: this.store,
        scrape: this.scrape as ScrapeService,
        robots: new RobotsCache(this.allowPrivate),
        hosts: new HostGate(this.limits.perHostConcurrency),
        webhooks: this.webhooks,
        dispatch: async (id, entries) => {
          if (this.queue) await this.queue.dispatch(id, entries);
          else this.runner?.enqueue(id, entries);
        },
        signalFor: (id) => this.controllers.get(id)?.signal,
        // Pages are charged as they are stored: here in-process, by the workers under the queue.
        credits: this.credits,
        onFinished: (id) => this.ended(id),
      };
    })();
    return this.ready;
  }

  private ended(id: string): void {
    this.controllers.get(id)?.abort();
    this.controllers.delete(id);
    this.runner?.drop(id);
  }

  /** Starts a job; resolves with its id once it is stored (the work goes on in the background). */
  async start(
    plan: CrawlPlan,
    owner: { id: string; name: string },
    options: Record<string, unknown>,
    batchUrls: string[] = [],
  ): Promise<string> {
    if (!this.scrape && !this.opts.queue)
      throw new DistillError(
        'NOT_CONFIGURED',
        'Not Implemented: crawl needs the scrape operation, which this server does not have',
      );
    if (plan.webhook && !this.opts.webhookSecret)
      throw new DistillError(
        'NOT_CONFIGURED',
        'Not Implemented: webhooks are signed, and this server has no webhook secret; start it with --webhook-secret (DISTILL_WEBHOOK_SECRET)',
      );
    await this.init();
    if ((await this.store.active()).length >= this.limits.maxActiveJobs)
      throw new DistillError(
        'CONCURRENCY_LIMIT_REACHED',
        `Concurrency limit reached: ${this.limits.maxActiveJobs} crawl and batch jobs are already running on this server`,
        { retryAfter: 30 },
      );
    const id = randomUUID();
    const now = Date.now();
    const meta: JobMeta = {
      id,
      kind: plan.kind,
      owner: owner.id,
      ownerName: owner.name,
      url: plan.start,
      status: 'scraping',
      createdAt: now,
      // Under zero data retention results are kept only an hour past the crawl's deadline.
      expiresAt: plan.deadline + (plan.zeroDataRetention ? 3600_000 : this.limits.retentionMs),
      total: 0,
      completed: 0,
      creditsUsed: 0,
      bytes: 0,
      limitsReached: [],
      options,
    };
    this.controllers.set(id, new AbortController());
    this.runner?.open(id, plan.maxConcurrency);
    const seeds = await this.store.create(
      meta,
      plan,
      plan.kind === 'batch' ? batchUrls.map((url) => ({ url, depth: 0 })) : seedsOf(plan),
    );
    this.webhooks.send(plan.webhook, plan.kind, id, 'started', []);
    await this.env.dispatch(id, seeds);
    return id;
  }

  /** The job if `owner` started it; 404 otherwise (no hint whether the id exists). */
  private async owned(id: string, owner: string): Promise<JobMeta> {
    await this.init();
    const meta = /^[0-9a-f-]{36}$/.test(id) ? await this.store.meta(id) : undefined;
    if (!meta || meta.owner !== owner) throw new DistillError('NOT_FOUND', 'Not Found: no such job');
    return meta;
  }

  async status(id: string, owner: string, skip: number): Promise<StatusPage> {
    const meta = await this.owned(id, owner);
    const data: unknown[] = [];
    let bytes = 0;
    let at = skip;
    while (data.length < STATUS_PAGE_DOCS) {
      const batch = await this.store.results(id, at, Math.min(25, STATUS_PAGE_DOCS - data.length));
      if (batch.length === 0) break;
      for (const d of batch) {
        const n = Buffer.byteLength(JSON.stringify(d));
        if (data.length > 0 && bytes + n > STATUS_PAGE_BYTES) break;
        data.push(d);
        bytes += n;
        at++;
      }
      if (bytes >= STATUS_PAGE_BYTES || at - skip < data.length) break;
    }
    const more = at < meta.completed;
    const plan = await this.store.plan(id);
    // The sitemap read is a frontier entry, not a page: it is not counted in total.
    const discover = plan && plan.kind === 'crawl' && plan.sitemap !== 'skip' ? 1 : 0;
    const total = Math.max(meta.total - discover, meta.completed);
    const warnings: string[] = [];
    if (meta.limitsReached.length)
      warnings.push(`Stopped short by ${meta.limitsReached.map((l) => LIMIT_TEXT[l] ?? l).join(', ')}`);
    const warning = warnings.length ? warnings.join('. ') : undefined;
    return { meta, data, nextSkip: more ? at : undefined, total, warning };
  }

  async cancel(id: string, owner: string): Promise<void> {
    const meta = await this.owned(id, owner);
    if (meta.status !== 'scraping') return;
    const plan = await this.store.plan(id);
    if (await this.store.finish(id, 'cancelled')) {
      this.ended(id);
      // Workers in other processes stop their pages of the job at once (they would not be stored).
      await this.queue?.announceCancel(id).catch((e) => this.log(`crawl ${id}: cancel not announced: ${e}`));
      this.webhooks.send(plan?.webhook, meta.kind, id, 'failed', [], 'cancelled');
    }
  }

  /**
   * Adds URLs to a batch scrape (`appendToId`), scraped with the batch's own options. A batch
   * that already completed runs again for the new URLs; a cancelled one is refused. URLs the
   * batch already has are not scraped twice.
   */
  async append(id: string, owner: string, urls: string[]): Promise<void> {
    const meta = await this.owned(id, owner);
    if (meta.kind !== 'batch')
      throw new DistillError('BAD_REQUEST', 'Bad Request: appendToId names a crawl, not a batch scrape');
    if (meta.status === 'cancelled')
      throw new DistillError(
        'BAD_REQUEST',
        `Bad Request: the batch scrape ${id} was cancelled; start a new one instead of appending to it`,
      );
    if (meta.total + urls.length > this.limits.maxPages)
      throw new DistillError(
        'BAD_REQUEST',
        `Bad Request: at most ${this.limits.maxPages} URLs per batch on this server; the batch has ${meta.total}`,
      );
    const plan = await this.store.plan(id);
    if (!plan) throw new DistillError('NOT_FOUND', 'Not Found: no such job');
    const entries: FrontierEntry[] = urls.map((url) => ({ url, depth: 0 }));
    const { added, capped, reopened, closed } = await this.store.append(id, entries, plan.frontierCap);
    if (closed)
      throw new DistillError(
        'BAD_REQUEST',
        `Bad Request: the batch scrape ${id} was cancelled; start a new one instead of appending to it`,
      );
    if (capped) await this.store.addLimit(id, 'frontier');
    if (reopened || !this.controllers.has(id)) {
      if (!this.controllers.has(id)) this.controllers.set(id, new AbortController());
      this.runner?.open(id, plan.maxConcurrency);
    }
    await this.env.dispatch(id, added);
  }

  async errors(id: string, owner: string) {
    await this.owned(id, owner);
    return this.store.errors(id);
  }

  async active(owner: string): Promise<JobMeta[]> {
    await this.init();
    const out: JobMeta[] = [];
    for (const id of await this.store.active()) {
      const m = await this.store.meta(id);
      if (m && m.owner === owner && m.kind === 'crawl' && m.status === 'scraping') out.push(m);
    }
    return out;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const c of this.controllers.values()) c.abort();
    await this.webhooks.flush();
    await this.queue?.close();
  }
}
