import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ocrPages } from './run.js';

// A parse's timeout aborts the pages being read while the page loop may be awaiting the next
// page's rendering. The rejection of a page in flight must then be handled at once: one left
// unhandled until the loop came back ended the command line (session 21) and would end a
// server. The pool here stands in for tesseract only to put the abort at that moment every
// time; the rendering is pdf.js's, real.

const PDF = resolve(process.cwd(), 'fixtures/pdf-headings/page-top-titles.pdf');

const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** A pool of two readers whose first reading aborts the run a turn later, then rejects. */
function abortingPool(run: AbortController) {
  let calls = 0;
  return {
    size: 2,
    engine: 'tesseract',
    prepare: () => () => {},
    recognizeOriented: (_image: Uint8Array, _turn: unknown, opts: { signal: AbortSignal }) => {
      calls++;
      return new Promise((_resolve, reject) => {
        // The next turn of the event loop: the page loop is then inside the next page's rendering.
        setImmediate(() => {
          run.abort(new DOMException('The operation timed out.', 'TimeoutError'));
          reject(opts.signal.reason);
        });
      });
    },
    get calls() {
      return calls;
    },
  };
}

describe('OCR pages aborted mid-run', () => {
  it('rejects with the abort reason and leaves no rejection unhandled', async () => {
    process.on('unhandledRejection', onUnhandled);
    const run = new AbortController();
    const pool = abortingPool(run);
    const bytes = new Uint8Array(readFileSync(PDF));
    const done = ocrPages(bytes, [1, 2, 3], {
      signal: run.signal,
      checkpoint: () => run.signal.throwIfAborted(),
      warn: () => {},
      settings: { pool, renderWorker: false, dpi: 100 },
      languages: ['eng'],
    });
    await expect(done).rejects.toMatchObject({ name: 'TimeoutError' });
    // Unhandled rejections are reported after the microtasks of the turn that made them.
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.calls).toBeGreaterThanOrEqual(1);
    expect(unhandled).toEqual([]);
  });
});
