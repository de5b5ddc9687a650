/** What raceAbort listens to: an AbortSignal, or a parse's time limit (parse-timeout.ts). */
export interface Abortable {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * Settles as `work` does, or rejects with `abortError()` as soon as `signal` fires, whichever
 * comes first; the listener is removed once `work` settles, so a long-lived signal (a server's
 * request, a crawl) holds nothing for work that finished. The work itself is not stopped: it
 * reads the signal on its own where it can.
 *
 * Each caller says what an abort means to it (a parse, a search, a page fetch that ran past its
 * time), so `abortError` makes the error thrown; it is called once, when the signal decides.
 */
export function raceAbort<T>(work: Promise<T>, signal: Abortable, abortError: () => unknown): Promise<T> {
  if (signal.aborted) {
    // The work was started anyway: its own rejection must not go unhandled (it would end the process).
    work.catch(() => undefined);
    return Promise.reject(abortError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
