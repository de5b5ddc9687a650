import type { FastifyRequest } from 'fastify';
import { limitsOf, type ServerContext } from '../context.js';

export interface Slot {
  release: () => void;
  /** For the response metadata: set only when the job had to wait. */
  queue: { concurrencyLimited: true; concurrencyQueueDurationMs: number } | undefined;
}

/** Waits for a concurrency slot of the caller's key and of the server (429 when the queue is full). */
export async function enterJob(ctx: ServerContext, req: FastifyRequest): Promise<Slot> {
  const st = req.distill;
  const key = st.key ?? ctx.anonymous;
  const limits = limitsOf(ctx, key);
  const slot = await ctx.gate.enter(
    key.id,
    { max: limits.maxConcurrent, maxQueued: limits.maxQueued },
    st.controller.signal,
  );
  if (slot.limited) st.logFields.queuedMs = slot.queuedMs;
  return {
    release: slot.release,
    queue: slot.limited ? { concurrencyLimited: true, concurrencyQueueDurationMs: slot.queuedMs } : undefined,
  };
}

/** Records spent credits against the key's budget. */
export function charge(ctx: ServerContext, req: FastifyRequest, credits: number): void {
  const key = req.distill.key ?? ctx.anonymous;
  ctx.ledger.charge(key.id, credits);
  ctx.metrics?.credits.inc(credits);
  req.distill.logFields.creditsUsed = credits;
}
