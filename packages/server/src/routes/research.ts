import { DistillError } from '@distill/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notEnabled } from '../http/gating.js';
import { priceUsage } from '../limits/credits.js';
import { charge, enterJob } from './job.js';

/**
 * `GET /v2/search/research/papers` (the spec's referenced paper search): the query string the
 * official client's `research.searchPapers` sends (`query`, `k`, repeated `authors`, `from`,
 * `to`), answered as `{success, results}` with the client's `PaperResult` records. Priced as
 * search results (the spec states no price of its own for it).
 */
export async function researchRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/v2/search/research/papers', async (req) => {
    const st = req.distill;
    const service = ctx.services.search;
    if (!service) throw notEnabled('search');
    if (!service.searchPapers) {
      throw new DistillError(
        'NOT_CONFIGURED',
        'Not Implemented: this search service has no research paper index',
      );
    }
    const slot = await enterJob(ctx, req);
    try {
      const out = await service.searchPapers(req.query as Record<string, string | string[] | undefined>, {
        signal: st.controller.signal,
        zeroDataRetention: st.zeroDataRetention,
        id: st.id,
      });
      const creditsUsed = priceUsage({ results: out.results.length });
      charge(ctx, req, creditsUsed);
      return { success: true, results: out.results, id: st.id, creditsUsed };
    } finally {
      slot.release();
    }
  });
}
