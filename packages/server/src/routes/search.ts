import { searchRequestSchema, validate } from '@distill/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notEnabled, requireFeatures, searchFeatures } from '../http/gating.js';
import { threatPolicyFor } from '../http/threat-policy.js';
import { priceUsage, searchRatePer10 } from '../limits/credits.js';
import { charge, enterJob } from './job.js';
import { researchRoutes } from './research.js';

/** `POST /v2/search`: validated with the core schema; answered by the plugged-in SearchService. */
export async function searchRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/v2/search', async (req) => {
    const st = req.distill;
    const body = validate(searchRequestSchema, req.body, 'search request');
    st.zeroDataRetention = body.enterprise?.includes('zdr') === true || body.scrapeOptions.lockdown;
    requireFeatures(st.key ?? ctx.anonymous, searchFeatures(body));
    // Search-level threat protection covers every URL the search scrapes.
    const threatProtection = threatPolicyFor(
      st.key ?? ctx.anonymous,
      [body.threatProtection, body.scrapeOptions.threatProtection],
      body.threatProtection,
    );
    const service = ctx.services.search;
    if (!service) throw notEnabled('search');
    const slot = await enterJob(ctx, req);
    try {
      const out = await service.search(body, {
        signal: st.controller.signal,
        zeroDataRetention: st.zeroDataRetention,
        id: st.id,
        ...(threatProtection ? { threatProtection } : {}),
      });
      const creditsUsed = priceUsage(out.usage, { searchRatePer10: searchRatePer10(body) });
      await charge(ctx, req, creditsUsed);
      return { success: true, data: out.data, warning: out.warning ?? null, id: st.id, creditsUsed };
    } finally {
      slot.release();
    }
  });
  await researchRoutes(app, ctx);
}
