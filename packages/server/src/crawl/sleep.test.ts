import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { abortableSleep } from './sleep.js';

describe('abortableSleep', () => {
  it('leaves no listener on the signal once a wait ends on its own', async () => {
    const ac = new AbortController();
    // A crawl sleeps once per page on its job's signal: many waits in a row must hold nothing.
    for (let i = 0; i < 20; i++) await abortableSleep(1, ac.signal);
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
  });

  it('ends a wait early when the signal fires', async () => {
    const ac = new AbortController();
    const started = Date.now();
    const wait = abortableSleep(60_000, ac.signal);
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(1);
    ac.abort();
    await wait;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
  });

  it('does not wait on a signal that has already fired, nor for nothing', async () => {
    const ac = new AbortController();
    ac.abort();
    await abortableSleep(60_000, ac.signal);
    await abortableSleep(0);
    expect(getEventListeners(ac.signal, 'abort')).toHaveLength(0);
  });
});
