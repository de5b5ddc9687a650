/**
 * Waits `ms`, or less when `signal` fires first. The abort listener is removed when the wait
 * ends on its own: a crawl sleeps once per page on its job's one signal, and a listener left
 * behind per page piled up on it (Node warns past ten: MaxListenersExceededWarning).
 */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
