import { afterAll, describe, expect, it } from 'vitest';
import { PaddlePool } from './pool.js';
import { splitLines } from './read.js';
import { ctcDecode } from './recognize.js';
import { lineWords } from './words.js';

/** A white PGM with black rectangles ("letters"), for the word-box geometry. */
function pgm(w: number, h: number, rects: [number, number, number, number][]): Uint8Array {
  const head = Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1');
  const px = new Uint8Array(w * h).fill(255);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) px.fill(0, y * w + x0, y * w + x1);
  return new Uint8Array(Buffer.concat([head, px]));
}

describe('paddle engine pieces', () => {
  it('CTC decoding collapses repeats, drops blanks and keeps each character’s time step', () => {
    // Classes: 0 blank, 1 'a', 2 'b', 3 ' '. Steps: a a _ b _ ' ' a
    const seq = [1, 1, 0, 2, 0, 3, 1];
    const probs = new Float32Array(seq.length * 4);
    seq.forEach((c, t) => {
      probs[t * 4 + c] = 0.9;
    });
    const chars = ctcDecode(probs, seq.length, 4, ['', 'a', 'b', ' ']);
    expect(chars.map((c) => c.text).join('')).toBe('ab a');
    expect(chars.map((c) => c.step)).toEqual([0, 3, 5, 6]);
  });

  it('splits a line into words at spaces, each box fitted to its own ink', () => {
    // Two "words" of ink, 20..60 and 100..160 px, on a line box 10..190.
    const bytes = pgm(200, 40, [
      [20, 10, 60, 30],
      [100, 12, 160, 34],
    ]);
    const img = { width: 200, height: 40, pixels: bytes.subarray(bytes.length - 8000) };
    // A step is 10 px: characters at steps 2..5, a space at 8, characters at 10..15.
    const at = (step: number, text = 'x') => ({ text, step: step - 1, prob: 0.9 });
    const chars = [at(3), at(4), at(5), at(6), { text: ' ', step: 8, prob: 0.8 }, at(11), at(13), at(16)];
    const line = lineWords(img, { x0: 10, y0: 2, x1: 190, y1: 38, score: 0.9 }, chars, 10);
    expect(line?.words.map((w) => w.text)).toEqual(['xxxx', 'xxx']);
    expect(line?.words.map((w) => w.bbox)).toEqual([
      [20, 10, 60, 30],
      [100, 12, 160, 34],
    ]);
    expect(line?.rowHeight).toBe(24);
  });

  it('splits a page’s lines into neighbouring runs of about equal recognition work', () => {
    // Boxes 48 px high: a line's work is its width. Ten narrow lines, then two wide ones.
    const box = (y: number, w: number) => ({ x0: 0, y0: y, x1: w, y1: y + 48, score: 1 });
    const boxes = [...Array.from({ length: 10 }, (_, i) => box(i * 50, 100)), box(500, 1000), box(550, 1000)];
    const parts = splitLines(boxes, 2);
    expect(parts.flat()).toEqual(boxes);
    expect(parts.map((p) => p.length)).toEqual([11, 1]);
    expect(splitLines(boxes, 1)).toEqual([boxes]);
    expect(splitLines(boxes.slice(0, 2), 3).flat()).toEqual(boxes.slice(0, 2));
  });

  it('a missing package is MISSING_DEPENDENCY naming it, before any page', () => {
    const none = (s: string): string => {
      throw new Error(`Cannot find module '${s}'`);
    };
    expect(() => new PaddlePool({ size: 1, resolve: none })).toThrow(/npm package onnxruntime-node/);
    const onlyRuntime = (s: string) => (s === 'onnxruntime-node' ? '/x/onnxruntime-node/index.js' : none(s));
    expect(() => new PaddlePool({ size: 1, resolve: onlyRuntime })).toThrow(
      /npm package @gutenye\/ocr-models/,
    );
  });
});

describe('paddle pool', { timeout: 120_000 }, () => {
  const pool = new PaddlePool({ size: 2 });
  afterAll(() => pool.close());

  it('reads a blank page as no words with one worker started, and reports its start-up', async () => {
    const page = await pool.recognize(pgm(300, 200, []), { dpi: 200 });
    expect(page.words).toEqual([]);
    expect(pool.startupMs).toBeGreaterThan(0);
    // One page waited: one worker, not the pool's two.
    expect(pool.workers).toBe(1);
  });

  it('an aborted page is rejected with the reason, its worker ended, and the pool reads on', async () => {
    const ac = new AbortController();
    // A worker is free: the page is on it as soon as it is asked for; aborting ends that worker.
    const page = pool.recognize(pgm(800, 600, [[50, 50, 700, 80]]), { dpi: 200, signal: ac.signal });
    ac.abort(new Error('stopped by the caller'));
    await expect(page).rejects.toThrow('stopped by the caller');
    expect((await pool.recognize(pgm(64, 64, []), { dpi: 200 })).words).toEqual([]);
  });

  it('fails a page that is not PGM with a clear message, and keeps working', async () => {
    await expect(pool.recognize(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).rejects.toThrow(/PGM/);
    expect((await pool.recognize(pgm(64, 64, []), { dpi: 200 })).words).toEqual([]);
  });
});
