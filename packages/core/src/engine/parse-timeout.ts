/**
 * A parse's time limit: it fires after `timeoutMs` or when `outer` fires, and is released as
 * soon as parsing ends (`dispose`), so a busy server holds no timers for requests that finished
 * long ago (unlike AbortSignal.timeout).
 *
 * The AbortSignal parsers may ask for (`signal`) is made on first reading, not up front: the
 * first AbortController of a process loads Node's event-target and abort-controller modules,
 * about 4 M instructions, 1.3% of a cold `distill parse` of one PDF, and a one-page PDF read in
 * this thread never asks for it (it checks `aborted` through the context's checkpoint). The
 * engine's own race against the limit listens here, not on a signal.
 */
export class ParseTimeout {
  private controller: AbortController | undefined;
  private fired = false;
  private reason: unknown;
  private readonly listeners = new Set<() => void>();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onOuter = () => this.fire(this.outer?.reason);

  constructor(
    timeoutMs: number,
    private readonly outer?: AbortSignal,
  ) {
    this.timer = setTimeout(() => this.fire(new DOMException('parse timeout', 'TimeoutError')), timeoutMs);
    if (outer) {
      if (outer.aborted) this.fire(outer.reason);
      else outer.addEventListener('abort', this.onOuter, { once: true });
    }
  }

  /** Whether the limit has passed or the outer signal fired. */
  get aborted(): boolean {
    return this.fired;
  }

  /** A signal that fires with the limit (already fired if it has), made when first asked for. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.fired) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** As a signal's: `listener` is called once, when the limit fires (see raceAbort). */
  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.fired) this.listeners.add(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.delete(listener);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuter);
  }

  private fire(reason: unknown): void {
    if (this.fired) return;
    this.fired = true;
    this.reason = reason;
    // The engine's race first, as when it listened on the signal before the parser did.
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const l of listeners) l();
    this.controller?.abort(reason);
  }
}
