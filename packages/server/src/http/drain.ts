/**
 * The one record of the work a shutdown waits for. A request counts from its first byte until
 * its response has closed; a job also counts from the slot it takes until it gives it back,
 * since a job can outlive its request (a client that went away leaves its parse running until
 * the abort reaches the worker). Once `closing` is set the server answers new requests 503 and
 * `finish()` resolves when the count reaches zero, or at the deadline, when whatever is still
 * open is cut.
 */
export class Drain {
  closing = false;
  private readonly open = new Set<{ cut?: () => void }>();
  private idle: (() => void)[] = [];

  /** Counts one piece of work; the returned function ends it (a second call does nothing). */
  begin(cut?: () => void): () => void {
    const entry = { cut };
    this.open.add(entry);
    return () => {
      if (!this.open.delete(entry)) return;
      if (this.open.size === 0) for (const f of this.idle.splice(0)) f();
    };
  }

  get pending(): number {
    return this.open.size;
  }

  /**
   * Stops taking work and waits for what is open to end, up to `ms`. Returns true when it all
   * ended; false when the deadline came first, after cutting what was left (each entry's `cut`
   * aborts its request, whose handlers then answer and end it).
   */
  async finish(ms: number): Promise<boolean> {
    this.closing = true;
    if (this.open.size === 0) return true;
    const ended = await new Promise<boolean>((done) => {
      const timer = setTimeout(() => done(false), ms);
      timer.unref();
      this.idle.push(() => {
        clearTimeout(timer);
        done(true);
      });
    });
    if (!ended) for (const e of this.open) e.cut?.();
    return ended;
  }
}
