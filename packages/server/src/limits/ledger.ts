import { randomUUID } from 'node:crypto';
import { guarded } from '../state/guarded.js';
import type { StateStore } from '../state/store.js';

/**
 * The credits a request holds before it runs: the least any charged job costs (one page, one
 * result set, one scrape). A key whose remaining credits cannot cover it gets 402 at once;
 * a job that ends up costing more is charged the difference when it settles, if it still fits.
 */
export const HOLD_CREDITS = 1;

/** One request's claim on its key's budget, from admission to its charge or release. */
export interface Hold {
  keyId: string;
  id: string;
  budget: number | undefined;
  open: boolean;
}

/**
 * Credits per key, reserved then settled so concurrent requests (on this instance or others
 * sharing the store) cannot spend past a budget between the check and the charge.
 */
export class CreditLedger {
  constructor(
    private readonly state: StateStore,
    /** How long a hold lives if its process dies before settling: past any request's deadline. */
    private readonly holdMs: number,
  ) {}

  /** Reserves HOLD_CREDITS; undefined when the budget cannot cover them (402). */
  async reserve(keyId: string, budget: number | undefined): Promise<Hold | undefined> {
    const hold: Hold = { keyId, id: randomUUID(), budget, open: true };
    if (budget === undefined) return hold;
    const ok = await guarded(this.state, () =>
      this.state.hold(keyId, hold.id, HOLD_CREDITS, budget, this.holdMs),
    );
    return ok ? hold : undefined;
  }

  /**
   * Raises a request's hold to what its work will cost, once that is known and before the work
   * runs (a PDF's page count read from its page tree): false when the key cannot cover it, so
   * the request is refused with 402 having spent nothing and charged nothing. The raised hold
   * is atomic like the first one: concurrent requests cannot both pass on the same credits.
   */
  async raise(hold: Hold, credits: number): Promise<boolean> {
    if (!hold.open) return false;
    if (hold.budget === undefined || credits <= HOLD_CREDITS) return true;
    const budget = hold.budget;
    return guarded(this.state, () => this.state.hold(hold.keyId, hold.id, credits, budget, this.holdMs));
  }

  /**
   * Charges what the job cost; false (nothing charged) when that passes the budget, or when
   * the hold was already given back (its client went away before the job ended).
   */
  async settle(hold: Hold, credits: number): Promise<boolean> {
    if (!hold.open) return false;
    hold.open = false;
    return guarded(this.state, () => this.state.settle(hold.keyId, hold.id, credits, hold.budget));
  }

  /** Gives back a hold whose request did not finish; a second call does nothing. */
  async release(hold: Hold): Promise<void> {
    if (!hold.open) return;
    hold.open = false;
    if (hold.budget !== undefined) await guarded(this.state, () => this.state.release(hold.keyId, hold.id));
  }

  /**
   * Charges work already done that kept within its own budget as it ran (a crawl's pages are
   * charged as they finish, against the budget the crawl was planned with): no hold, no refusal.
   */
  async record(keyId: string, credits: number): Promise<void> {
    await guarded(this.state, () => this.state.settle(keyId, randomUUID(), credits, undefined));
  }

  spent(keyId: string): Promise<number> {
    return guarded(this.state, () => this.state.spent(keyId));
  }
}
