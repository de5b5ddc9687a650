import { describe, expect, it } from 'vitest';
import { type ParserPlugin, ParserRegistry } from '../registry/registry.js';
import { parseToDoc } from './parse.js';
import { ParseTimeout } from './parse-timeout.js';

const csv = { data: 'a,b\n1,2\n', filename: 't.csv' };
const withPlugin = (parse: ParserPlugin['parse']) => ({
  registry: new ParserRegistry().register({ name: 'slow', formats: ['csv'], parse }),
});

describe('ParseTimeout', () => {
  it('fires after its time: aborted, its listeners called, and a signal asked for afterwards already aborted', async () => {
    const t = new ParseTimeout(5);
    let called = 0;
    t.addEventListener('abort', () => called++);
    expect(t.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 30));
    expect(t.aborted).toBe(true);
    expect(called).toBe(1);
    expect(t.signal.aborted).toBe(true);
    expect((t.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('aborts a signal handed out before it fires, and follows the outer signal with its reason', () => {
    const outer = new AbortController();
    const t = new ParseTimeout(60_000, outer.signal);
    const signal = t.signal;
    expect(signal.aborted).toBe(false);
    outer.abort('gone');
    expect(t.aborted).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('gone');
    t.dispose();
  });

  it('does not fire once disposed, and a removed listener is not called', async () => {
    const t = new ParseTimeout(5);
    let called = 0;
    const l = () => called++;
    t.addEventListener('abort', l);
    t.removeEventListener('abort', l);
    t.dispose();
    await new Promise((r) => setTimeout(r, 30));
    expect(t.aborted).toBe(false);
    expect(called).toBe(0);
  });
});

describe('a parse past its timeout', () => {
  it('is REQUEST_TIMEOUT whether or not the parser asked for the signal, and the signal it got fired', async () => {
    let seen: AbortSignal | undefined;
    const reads = parseToDoc(
      csv,
      { timeout: 1000 },
      withPlugin((_bytes, ctx) => {
        seen = ctx.signal;
        return new Promise(() => undefined);
      }),
    );
    await expect(reads).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(seen?.aborted).toBe(true);
    const never = parseToDoc(
      csv,
      { timeout: 1000 },
      withPlugin(() => new Promise(() => undefined)),
    );
    await expect(never).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it("a synchronous parser's checkpoint throws once the caller's signal has fired", async () => {
    const outer = new AbortController();
    const run = parseToDoc(
      csv,
      {},
      {
        signal: outer.signal,
        ...withPlugin((_bytes, ctx) => {
          outer.abort();
          ctx.checkpoint();
          return { blocks: [] } as never;
        }),
      },
    );
    await expect(run).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});
