import { DistillError, scrapeRequestSchema, validate } from '@distill/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { notEnabled, requireFeatures, scrapeFeatures } from '../http/gating.js';
import { specMetadata } from '../http/metadata.js';
import { threatPolicyFor } from '../http/threat-policy.js';
import { priceUsage } from '../limits/credits.js';
import { charge, enterJob } from './job.js';

function checkUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DistillError('INVALID_URL', 'Invalid URL: an absolute http(s) URL is required');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new DistillError('INVALID_URL', `Invalid URL: unsupported scheme ${u.protocol}; use http or https`);
  }
}

/** `POST /v2/scrape`: validated with the core schema; answered by the plugged-in ScrapeService. */
export async function scrapeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/v2/scrape', async (req) => {
    const st = req.distill;
    const body = validate(scrapeRequestSchema, req.body, 'scrape request');
    // Lockdown is treated as zero data retention by the spec.
    st.zeroDataRetention = body.zeroDataRetention || body.lockdown;
    checkUrl(body.url);
    requireFeatures(st.key ?? ctx.anonymous, scrapeFeatures(body));
    const threatProtection = threatPolicyFor(st.key ?? ctx.anonymous, [body.threatProtection]);
    const service = ctx.services.scrape;
    if (!service) throw notEnabled('scrape');
    const slot = await enterJob(ctx, req);
    try {
      const out = await service
        .scrape(body, {
          signal: st.controller.signal,
          zeroDataRetention: st.zeroDataRetention,
          id: st.id,
          ...(threatProtection ? { threatProtection } : {}),
        })
        .catch(async (e: unknown) => {
          // The spec prices a lockdown miss at 1 credit: the 404 is charged (within the credit
          // the request holds from admission), every other failure is not.
          if ((e as { code?: unknown })?.code === 'SCRAPE_LOCKDOWN_CACHE_MISS')
            await charge(ctx, req, priceUsage({ lockdownMisses: 1 }));
          throw e;
        });
      const creditsUsed = priceUsage(out.usage);
      await charge(ctx, req, creditsUsed);
      const meta = out.data.metadata as Record<string, unknown> | undefined;
      const data =
        meta || slot.queue ? { ...out.data, metadata: specMetadata({ ...meta, ...slot.queue }) } : out.data;
      return { success: true, data, id: st.id, creditsUsed };
    } finally {
      slot.release();
    }
  });
}
