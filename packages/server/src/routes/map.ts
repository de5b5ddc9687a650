import { randomUUID } from 'node:crypto';
import { validate } from '@distill/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import type { CrawlEngine } from '../crawl/engine.js';
import { mapSite } from '../crawl/map.js';
import { startUrl } from '../crawl/plan.js';
import { RobotsCache } from '../crawl/robots-cache.js';
import { mapRequestSchema } from '../crawl/schemas.js';
import { charge } from './job.js';

/** `POST /v2/map`: a site's URLs from its sitemaps and links; 1 credit per call. */
export async function mapRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  engine: CrawlEngine,
): Promise<void> {
  const robots = new RobotsCache(engine.allowPrivate);
  app.post('/v2/map', async (req) => {
    const body = validate(mapRequestSchema, req.body, 'map request');
    const start = startUrl(body.url, body.ignoreQueryParameters);
    const st = req.distill;
    const signal = body.timeout
      ? AbortSignal.any([st.controller.signal, AbortSignal.timeout(body.timeout)])
      : st.controller.signal;
    const links = await mapSite(body, start, {
      robots,
      userAgent: engine.userAgent,
      allowPrivate: engine.allowPrivate,
      scrape: ctx.services.scrape,
      signal,
    });
    charge(ctx, req, 1);
    return { success: true, id: randomUUID(), links: links.map((url) => ({ url })), creditsUsed: 1 };
  });
}
