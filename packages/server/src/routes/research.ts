import { DistillError } from '@distill/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { notEnabled } from '../http/gating.js';
import { priceUsage } from '../limits/credits.js';
import type { JobContext, SearchService } from '../services.js';
import { charge, enterJob } from './job.js';

type Query = Record<string, string | string[] | undefined>;

const noIndex = () =>
  new DistillError('NOT_CONFIGURED', 'Not Implemented: this search service has no research paper index');

/**
 * Runs one paper request in a concurrency slot and charges it as search results: the spec
 * states no price of its own for the paper endpoints, so `results` are priced at the search
 * rate (a paper read by id counts as one result).
 */
async function paperJob<T extends object>(
  ctx: ServerContext,
  req: FastifyRequest,
  run: (service: SearchService, job: JobContext) => Promise<T>,
  results: (out: T) => number,
): Promise<T & { id: string; creditsUsed: number }> {
  const st = req.distill;
  const service = ctx.services.search;
  if (!service) throw notEnabled('search');
  const slot = await enterJob(ctx, req);
  try {
    const out = await run(service, {
      signal: st.controller.signal,
      zeroDataRetention: st.zeroDataRetention,
      id: st.id,
    });
    const creditsUsed = priceUsage({ results: results(out) });
    await charge(ctx, req, creditsUsed);
    return { ...out, id: st.id, creditsUsed };
  } finally {
    slot.release();
  }
}

/**
 * The spec's referenced paper endpoints, answered as the official client's `research`
 * namespace reads them: `GET /v2/search/research/papers` (`searchPapers`: `query`, `k`,
 * repeated `authors`, `from`, `to` → `{success, results}`), `/papers/{id}` (`getPaper`: the
 * paper's metadata, or with `query` and `k` its in-body passages) and `/papers/{id}/similar`
 * (`similarPapers`: `intent`, `mode`, `k`, `anchor` → related papers by citation).
 */
export async function researchRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/v2/search/research/papers', async (req) =>
    paperJob(
      ctx,
      req,
      async (service, job) => {
        if (!service.searchPapers) throw noIndex();
        const out = await service.searchPapers(req.query as Query, job);
        return { success: true as const, results: out.results };
      },
      (out) => out.results.length,
    ),
  );

  app.get<{ Params: { id: string } }>('/v2/search/research/papers/:id', async (req) =>
    paperJob(
      ctx,
      req,
      async (service, job) => {
        if (!service.getPaper) throw noIndex();
        return service.getPaper(req.params.id, req.query as Query, job);
      },
      () => 1,
    ),
  );

  app.get<{ Params: { id: string } }>('/v2/search/research/papers/:id/similar', async (req) =>
    paperJob(
      ctx,
      req,
      async (service, job) => {
        if (!service.similarPapers) throw noIndex();
        return service.similarPapers(req.params.id, req.query as Query, job);
      },
      (out) => out.results.length,
    ),
  );
}
