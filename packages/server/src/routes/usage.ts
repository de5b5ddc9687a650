import type { FastifyInstance } from 'fastify';
import { limitsOf, type ServerContext } from '../context.js';

/**
 * `GET /v2/team/credit-usage`: what the calling key has left. The spec names no such route;
 * this is the one the official firecrawl client's `getCreditUsage()` calls, with its field
 * names. A key without a budget has `remainingCredits` and `planCredits` null (unlimited).
 * distill has no billing periods, so those are null too.
 */
export async function usageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/v2/team/credit-usage', async (req) => {
    const key = req.distill.key ?? ctx.anonymous;
    const budget = limitsOf(ctx, key).credits;
    const spent = await ctx.ledger.spent(key.id);
    return {
      success: true,
      data: {
        remainingCredits: budget === undefined ? null : Math.max(0, budget - spent),
        planCredits: budget ?? null,
        billingPeriodStart: null,
        billingPeriodEnd: null,
      },
      id: req.distill.id,
    };
  });
}
