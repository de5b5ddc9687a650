import { describe, expect, it } from 'vitest';
import { flattenBackground } from './render.js';
import { inkSpan, snapSizes, wordSize } from './size.js';

describe('OCR font sizes from ink heights', () => {
  it('knows how much of the font size a word spans from its letters', () => {
    // Cap or ascender to descender: most of the size; x-height only: about half.
    expect(inkSpan('Engineering')).toBeCloseTo(0.91, 2);
    expect(inkSpan('Diesel')).toBeCloseTo(0.7, 2);
    expect(inkSpan('once')).toBeCloseTo(0.49, 2);
    expect(inkSpan('---')).toBeUndefined();
    expect(inkSpan('日本')).toBeUndefined();
    // So words of one line set in one size estimate one size, whatever their letters.
    const size = 10;
    for (const w of ['Engineering', 'Diesel', 'once', 'type'])
      expect(wordSize(w, inkSpan(w)! * size)).toBeCloseTo(size, 5);
  });

  it('snaps noisy estimates of one size together, and keeps a larger tier apart', () => {
    const sizes = [9.8, 10.1, 10.4, 10.0, 14.2, 14.6, 9.9];
    const weights = [80, 90, 85, 70, 20, 18, 60];
    const snapped = snapSizes(sizes, weights);
    const body = new Set(snapped.slice(0, 4).concat(snapped[6]));
    expect(body.size).toBe(1);
    expect(snapped[4]).toBe(snapped[5]);
    expect(snapped[4]).toBeGreaterThan(1.3 * snapped[0]);
  });
});

describe('print on shaded paper', () => {
  it('turns light text on a dark gradient into dark text on white', () => {
    const [w, h] = [200, 100];
    const header = 10;
    const img = new Uint8Array(header + w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const paper = 80 + Math.round((x / w) * 60); // a gradient from 80 to 140
        const text = y >= 40 && y < 48 && x % 10 < 4; // light strokes
        img[header + y * w + x] = text ? 240 : paper;
      }
    flattenBackground(img, header, w, h, 16);
    const at = (x: number, y: number) => img[header + y * w + x];
    expect(at(100, 10)).toBeGreaterThan(230); // paper: white
    expect(at(21, 44)).toBeLessThan(60); // stroke, dark end: dark
    expect(at(181, 44)).toBeLessThan(120); // stroke, light end: still dark
  });
});
