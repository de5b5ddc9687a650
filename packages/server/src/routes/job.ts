import { DistillError } from '@distill/core';
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
  const end = ctx.drain.begin();
  return {
    release: () => {
      slot.release();
      end();
    },
    queue: slot.limited ? { concurrencyLimited: true, concurrencyQueueDurationMs: slot.queuedMs } : undefined,
  };
}

/**
 * Raises the credits the request holds to what its work will cost, once that is known and
 * before the work runs: 402 at once, nothing spent and nothing charged, when the key has not
 * that much left. A request without a hold (no budget to keep) passes.
 */
export async function admit(ctx: ServerContext, req: FastifyRequest, credits: number): Promise<void> {
  const st = req.distill;
  if (!st.hold) return;
  if (!(await ctx.ledger.raise(st.hold, credits))) {
    // The log line says why, and that the work never ran.
    st.logFields.refusedBeforeWork = { credits };
    throw new DistillError('PAYMENT_REQUIRED');
  }
}

/**
 * Charges what the job cost against the credits the request held at admission. When the cost
 * passes what the key has left (a many-page PDF on a nearly spent budget), nothing is charged
 * and the caller gets 402, as if it had been refused at the door: no key ends below zero.
 */
export async function charge(ctx: ServerContext, req: FastifyRequest, credits: number): Promise<void> {
  const st = req.distill;
  const key = st.key ?? ctx.anonymous;
  const hold = st.hold ?? (await ctx.ledger.reserve(key.id, undefined));
  if (!hold || !(await ctx.ledger.settle(hold, credits))) throw new DistillError('PAYMENT_REQUIRED');
  ctx.metrics?.credits.inc(credits);
  st.logFields.creditsUsed = credits;
}
