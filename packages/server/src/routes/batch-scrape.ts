import { validate } from '@distill/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { CrawlEngine } from '../crawl/engine.js';
import { batchPlan } from '../crawl/plan.js';
import { batchScrapeRequestSchema } from '../crawl/schemas.js';
import { ownerOf, planContext, publicOptions, skipOf, statusBody } from './crawl.js';

/** `/v2/batch/scrape`: a list of URLs scraped as one job, read back like a crawl. */
export async function batchScrapeRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  engine: CrawlEngine,
): Promise<void> {
  app.post('/v2/batch/scrape', async (req) => {
    const st = req.distill;
    const body = validate(batchScrapeRequestSchema, req.body, 'batch scrape request');
    st.zeroDataRetention = body.zeroDataRetention || body.lockdown;
    const { plan, urls, invalid } = batchPlan(body, await planContext(ctx, engine, req));
    let id: string;
    if (body.appendToId) {
      // The client's appendToId: the URLs join that batch (same key only), under its options.
      id = body.appendToId;
      await engine.append(id, ownerOf(ctx, req).id, urls);
    } else {
      const { urls: _all, ...options } = body as Record<string, unknown>;
      id = await engine.start(
        plan,
        ownerOf(ctx, req),
        { ...publicOptions(options), urls: urls.length },
        urls,
      );
    }
    const base = `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    return {
      success: true,
      id,
      url: `${base}/v2/batch/scrape/${id}`,
      ...(invalid.length ? { invalidURLs: invalid } : {}),
    };
  });

  app.get('/v2/batch/scrape/:id', async (req) => {
    const { id } = req.params as { id: string };
    return statusBody(
      req,
      `/v2/batch/scrape/${id}`,
      await engine.status(id, ownerOf(ctx, req).id, skipOf(req)),
    );
  });

  app.get('/v2/batch/scrape/:id/errors', async (req) => {
    const { id } = req.params as { id: string };
    return { success: true, ...(await engine.errors(id, ownerOf(ctx, req).id)) };
  });

  app.delete('/v2/batch/scrape/:id', async (req) => {
    const { id } = req.params as { id: string };
    const owner = ownerOf(ctx, req).id;
    await engine.cancel(id, owner);
    const page = await engine.status(id, owner, Number.MAX_SAFE_INTEGER);
    return { success: true, status: page.meta.status };
  });
}
