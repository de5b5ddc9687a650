import { availableParallelism } from 'node:os';
import { DistillError } from '@distill/core';
import { createScheduler, createWorker, OEM, type Scheduler } from 'tesseract.js';
import { type LanguageData, languageData } from './languages.js';

/** One recognised word: pixel box in the image, confidence 0..1. */
export interface OcrWord {
  text: string;
  bbox: [number, number, number, number];
  confidence: number;
  /** Tesseract's line id within the page, so callers can keep its line grouping. */
  line: number;
}

export interface OcrPage {
  words: OcrWord[];
  text: string;
  /** Mean word confidence, 0..1. */
  confidence: number;
  /** Rotation tesseract measured, in degrees (deskew). */
  skewDegrees: number;
  /** Which orientation (0, 90, 180, 270) the image was read in. */
  orientation: 0 | 90 | 180 | 270;
}

export interface OcrPoolOptions {
  /** Worker count; default the machine's cores. */
  size?: number;
  /** Languages (ISO or tesseract codes); default English. */
  languages?: string[];
}

interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface TessBlock {
  paragraphs?: { lines?: { words?: TessWord[] }[] }[];
}

/**
 * A pool of tesseract.js workers, started once and reused across pages and documents. Start-up
 * (loading the wasm core and trained data) costs about a second per worker, so keep one pool.
 */
export class OcrPool {
  readonly size: number;
  readonly languages: LanguageData[];
  private scheduler: Scheduler | undefined;
  private starting: Promise<Scheduler> | undefined;
  /** Milliseconds the pool took to start, for reporting. */
  startupMs = 0;

  constructor(opts: OcrPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? availableParallelism());
    // Resolved now, so a missing language package fails before any page is rendered.
    this.languages = (opts.languages?.length ? opts.languages : ['eng']).map(languageData);
  }

  private start(): Promise<Scheduler> {
    if (this.scheduler) return Promise.resolve(this.scheduler);
    this.starting ??= (async () => {
      const t0 = performance.now();
      const scheduler = createScheduler();
      const langs = this.languages.map((l) => l.code).join('+');
      // All languages must share one folder for tesseract.js; they do when each comes from its own
      // package only if we point at each one, so the first language's folder is used and the
      // others must be installed beside it (the packages install side by side under node_modules).
      const first = this.languages[0];
      const created = await Promise.all(
        Array.from({ length: this.size }, () =>
          createWorker(langs, OEM.LSTM_ONLY, {
            langPath: first.langPath,
            gzip: first.gzip,
            cacheMethod: 'none',
            logger: () => {},
            errorHandler: () => {},
          }),
        ),
      );
      for (const w of created) scheduler.addWorker(w);
      this.scheduler = scheduler;
      this.startupMs = Math.round(performance.now() - t0);
      return scheduler;
    })();
    return this.starting;
  }

  /** Recognises one image (PNG/JPEG bytes). */
  async recognize(image: Uint8Array): Promise<OcrPage> {
    const scheduler = await this.start();
    let result: { data: { blocks: TessBlock[] | null; text: string; rotateRadians?: number | null } };
    try {
      result = (await scheduler.addJob(
        'recognize',
        Buffer.from(image),
        {},
        { blocks: true, text: true },
      )) as typeof result;
    } catch (e) {
      throw new DistillError('UNKNOWN_ERROR', `OCR failed: ${(e as Error)?.message ?? e}`, { cause: e });
    }
    const words: OcrWord[] = [];
    let line = 0;
    for (const block of result.data.blocks ?? []) {
      for (const para of block.paragraphs ?? []) {
        for (const l of para.lines ?? []) {
          for (const w of l.words ?? []) {
            const text = w.text.trim();
            if (text === '') continue;
            words.push({
              text,
              bbox: [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1],
              confidence: w.confidence / 100,
              line,
            });
          }
          line++;
        }
      }
    }
    const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
    return {
      words,
      text: result.data.text,
      confidence,
      skewDegrees: ((result.data.rotateRadians ?? 0) * 180) / Math.PI,
      orientation: 0,
    };
  }

  /**
   * Recognises an image in its best orientation: when the upright reading is poor, the image is
   * read turned by 90, 180 and 270 degrees (the caller rotates: it owns the canvas) and the
   * reading with the highest confidence-weighted word count wins.
   */
  async recognizeOriented(
    image: Uint8Array,
    rotate?: (degrees: 90 | 180 | 270) => Promise<Uint8Array>,
  ): Promise<OcrPage> {
    const upright = await this.recognize(image);
    if (!rotate || (upright.confidence >= 0.75 && upright.words.length >= 5)) return upright;
    const score = (p: OcrPage) => p.words.reduce((s, w) => s + w.confidence * w.text.length, 0);
    let best = upright;
    for (const deg of [90, 180, 270] as const) {
      const page = { ...(await this.recognize(await rotate(deg))), orientation: deg };
      if (score(page) > score(best) * 1.2) best = page;
    }
    return best;
  }

  async close(): Promise<void> {
    const s = this.scheduler;
    this.scheduler = undefined;
    this.starting = undefined;
    if (s) await s.terminate();
  }
}

let shared: OcrPool | undefined;

/** The process-wide pool for the default languages, started on first use. */
export function sharedOcrPool(opts?: OcrPoolOptions): OcrPool {
  if (
    !shared ||
    (opts?.languages && opts.languages.join('+') !== shared.languages.map((l) => l.code).join('+'))
  ) {
    void shared?.close();
    shared = new OcrPool(opts);
  }
  return shared;
}

export async function closeSharedOcrPool(): Promise<void> {
  await shared?.close();
  shared = undefined;
}
