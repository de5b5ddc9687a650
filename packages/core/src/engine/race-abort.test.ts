import { describe, expect, it } from 'vitest';
import { raceAbort } from './race-abort.js';

const timeout = () => new Error('timed out');

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Listeners on a signal, counted through its add/remove calls. */
function counted(signal: AbortSignal) {
  let n = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((...a: Parameters<typeof add>) => {
    n++;
    add(...a);
  }) as typeof signal.addEventListener;
  signal.removeEventListener = ((...a: Parameters<typeof remove>) => {
    n--;
    remove(...a);
  }) as typeof signal.removeEventListener;
  return () => n;
}

describe('raceAbort', () => {
  it('settles with the work when the signal stays quiet, and leaves no listener behind', async () => {
    const ac = new AbortController();
    const listeners = counted(ac.signal);
    await expect(raceAbort(Promise.resolve(7), ac.signal, timeout)).resolves.toBe(7);
    expect(listeners()).toBe(0);
  });

  it("passes the work's own failure through unchanged", async () => {
    const ac = new AbortController();
    const listeners = counted(ac.signal);
    const failure = new Error('corrupt');
    await expect(raceAbort(Promise.reject(failure), ac.signal, timeout)).rejects.toBe(failure);
    expect(listeners()).toBe(0);
  });

  it("rejects with the caller's error when the signal fires first, whatever the work does after", async () => {
    const ac = new AbortController();
    const work = deferred<number>();
    let made = 0;
    const raced = raceAbort(work.promise, ac.signal, () => new Error(`abort ${++made}`));
    ac.abort();
    work.reject(new Error('late failure'));
    await expect(raced).rejects.toThrow('abort 1');
    expect(made).toBe(1);
  });

  it('rejects at once on a signal already fired, and keeps the started work from going unhandled', async () => {
    const ac = new AbortController();
    ac.abort();
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(raceAbort(Promise.reject(new Error('late')), ac.signal, timeout)).rejects.toThrow(
        'timed out',
      );
      await new Promise((r) => setTimeout(r, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
