import { afterEach, describe, expect, it } from 'vitest';
import { pdfEnv } from './settings.js';

const KNOBS = [
  'DISTILL_OCR_DPI',
  'DISTILL_OCR_LANGUAGES',
  'DISTILL_OCR_IMAGES',
  'DISTILL_OCR_SCAN_IMAGES',
  'DISTILL_PDF_WORKERS',
  'DISTILL_PDF_READER',
  'DISTILL_PDF_FAST_WORKER_MIN_PAGES',
];
const saved = Object.fromEntries(KNOBS.map((k) => [k, process.env[k]]));

describe('PDF environment knobs', () => {
  afterEach(() => {
    for (const k of KNOBS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('have their defaults when unset', () => {
    for (const k of KNOBS) delete process.env[k];
    expect(pdfEnv.ocrDpi()).toBeUndefined();
    expect(pdfEnv.ocrLanguages()).toBeUndefined();
    expect(pdfEnv.ocrImages()).toBe(false);
    expect(pdfEnv.ocrScanImages()).toBe(true);
    expect(pdfEnv.pdfWorkers()).toBe('default');
    expect(pdfEnv.pdfjsOnly()).toBe(false);
    expect(pdfEnv.fastWorkerMinPages()).toBe(16);
  });

  it('are read when used, and out-of-range values are ignored', () => {
    process.env.DISTILL_OCR_DPI = '200';
    expect(pdfEnv.ocrDpi()).toBe(200);
    process.env.DISTILL_OCR_DPI = '5000';
    expect(pdfEnv.ocrDpi()).toBeUndefined();
    process.env.DISTILL_OCR_LANGUAGES = 'eng+deu, fra';
    expect(pdfEnv.ocrLanguages()).toEqual(['eng', 'deu', 'fra']);
    process.env.DISTILL_OCR_IMAGES = '1';
    expect(pdfEnv.ocrImages()).toBe(true);
    process.env.DISTILL_OCR_SCAN_IMAGES = '0';
    expect(pdfEnv.ocrScanImages()).toBe(false);
    process.env.DISTILL_PDF_WORKERS = '0';
    expect(pdfEnv.pdfWorkers()).toBe('off');
    process.env.DISTILL_PDF_WORKERS = 'source';
    expect(pdfEnv.pdfWorkers()).toBe('source');
    process.env.DISTILL_PDF_READER = 'pdfjs';
    expect(pdfEnv.pdfjsOnly()).toBe(true);
    process.env.DISTILL_PDF_FAST_WORKER_MIN_PAGES = '4';
    expect(pdfEnv.fastWorkerMinPages()).toBe(4);
  });
});
