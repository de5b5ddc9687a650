import { DistillError, validate } from '@distill/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitsOf, type ServerContext } from '../context.js';
import { type CrawlCredits, CrawlEngine, type CrawlEngineOptions, type StatusPage } from '../crawl/engine.js';
import { crawlPlan } from '../crawl/plan.js';
import { paramsPreview } from '../crawl/preview.js';
import { crawlRequestSchema, paramsPreviewSchema } from '../crawl/schemas.js';
import { watchRoutes } from '../crawl/watch.js';
import { batchScrapeRoutes } from './batch-scrape.js';
import { mapRoutes } from './map.js';

/** The caller's key, as the owner of the jobs it starts. */
export const ownerOf = (ctx: ServerContext, req: FastifyRequest) => {
  const key = req.distill.key ?? ctx.anonymous;
  return { id: key.id, name: key.name };
};

/** What planning needs from the server: its limits and the caller's remaining credits. */
export async function planContext(ctx: ServerContext, engine: CrawlEngine, req: FastifyRequest) {
  const key = req.distill.key ?? ctx.anonymous;
  const budget = limitsOf(ctx, key).credits;
  return {
    limits: engine.limits,
    userAgent: engine.userAgent,
    allowPrivate: engine.allowPrivate,
    creditBudget: budget === undefined ? undefined : Math.max(0, budget - (await ctx.ledger.spent(key.id))),
    keyBudget: budget,
  };
}

/** A status page as the official client reads it: `next` is an absolute URL to the next page. */
export function statusBody(req: FastifyRequest, path: string, page: StatusPage) {
  const { meta } = page;
  const base = `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  return {
    success: true,
    status: meta.status,
    total: page.total,
    completed: meta.completed,
    creditsUsed: meta.creditsUsed,
    expiresAt: new Date(meta.expiresAt).toISOString(),
    next: page.nextSkip === undefined ? null : `${base}${path}?skip=${page.nextSkip}`,
    data: page.data,
    limitsReached: meta.limitsReached,
    ...(page.warning ? { warning: page.warning } : {}),
    ...(meta.error ? { error: meta.error } : {}),
  };
}

export const skipOf = (req: FastifyRequest): number => {
  const raw = (req.query as { skip?: string } | undefined)?.skip;
  const n = raw === undefined ? 0 : Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new DistillError('BAD_REQUEST', 'Bad Request: skip must be a non-negative integer');
  return n;
};

/** The request as echoed by /v2/crawl/active: options without the webhook's headers (they may hold secrets). */
export function publicOptions(body: Record<string, unknown>): Record<string, unknown> {
  const { webhook, url: _u, ...rest } = body;
  const w = webhook as { url?: string } | string | null | undefined;
  return { ...rest, ...(w ? { webhook: typeof w === 'string' ? w : { url: w.url } } : {}) };
}

/**
 * `/v2/crawl`, `/v2/batch/scrape`, `/v2/map` and the job watcher (WebSocket): one engine
 * behind them, in-process by default or on Redis with `--queue`.
 */
export async function crawlRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  opts: CrawlEngineOptions = {},
): Promise<void> {
  // Crawl pages are charged through the ledger as the other routes are: held before a page is
  // fetched, settled as it is stored. Under the queue engine the workers do the same against
  // this server's state store in Redis (`startCrawlWorker`).
  const credits: CrawlCredits = {
    hold: (owner, budget) => ctx.ledger.reserve(owner, budget),
    settle: async (hold, n) => {
      const ok = await ctx.ledger.settle(hold, n);
      if (ok) ctx.metrics?.credits.inc(n);
      return ok;
    },
    release: (hold) => ctx.ledger.release(hold),
  };
  const engine = new CrawlEngine(ctx.services.scrape, opts, credits, (msg) => app.log.warn(msg));
  app.addHook('onClose', async () => engine.close());

  app.post('/v2/crawl', async (req) => {
    const st = req.distill;
    let body = validate(crawlRequestSchema, req.body, 'crawl request');
    st.zeroDataRetention = body.zeroDataRetention;
    if (body.prompt && opts.llm) {
      // The prompt's options fill in what the caller left out; the caller's own fields win.
      const { url: _u, ...derived } = await paramsPreview(
        opts.llm,
        body.url,
        body.prompt,
        st.controller.signal,
      );
      body = validate(
        crawlRequestSchema,
        { ...derived, ...(req.body as object), prompt: null },
        'crawl request',
      );
    }
    const plan = crawlPlan(body, await planContext(ctx, engine, req));
    const id = await engine.start(plan, ownerOf(ctx, req), publicOptions(body as Record<string, unknown>));
    if (!st.zeroDataRetention) st.logFields.job = id;
    const base = `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    return { success: true, id, url: `${base}/v2/crawl/${id}` };
  });

  app.get('/v2/crawl/active', async (req) => {
    const jobs = await engine.active(ownerOf(ctx, req).id);
    return {
      success: true,
      crawls: jobs.map((m) => ({ id: m.id, teamId: m.ownerName, url: m.url, options: m.options })),
    };
  });

  app.post('/v2/crawl/params-preview', async (req) => {
    const body = validate(paramsPreviewSchema, req.body, 'params preview request');
    return {
      success: true,
      data: await paramsPreview(opts.llm, body.url, body.prompt, req.distill.controller.signal),
    };
  });

  app.get('/v2/crawl/:id', async (req) => {
    const { id } = req.params as { id: string };
    return statusBody(req, `/v2/crawl/${id}`, await engine.status(id, ownerOf(ctx, req).id, skipOf(req)));
  });

  app.get('/v2/crawl/:id/errors', async (req) => {
    const { id } = req.params as { id: string };
    return { success: true, ...(await engine.errors(id, ownerOf(ctx, req).id)) };
  });

  app.delete('/v2/crawl/:id', async (req) => {
    const { id } = req.params as { id: string };
    const owner = ownerOf(ctx, req).id;
    await engine.cancel(id, owner);
    const page = await engine.status(id, owner, Number.MAX_SAFE_INTEGER);
    return { success: true, status: page.meta.status };
  });

  await batchScrapeRoutes(app, ctx, engine);
  await mapRoutes(app, ctx, engine);
  watchRoutes(app, ctx, engine);
}
