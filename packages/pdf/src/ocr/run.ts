import type { OcrEngine } from '@distill/ocr';
import { analyzePage } from '../layout/analyze.js';
import { loadOcr } from '../optional.js';
import type { WorkerScript } from '../pool.js';
import { pdfEnv } from '../settings.js';
import type { PageLayout } from '../types.js';
import { wordStrokes } from './bold.js';
import type { OcrPageInfo } from './mark.js';
import { readingImage, scaleReading } from './read-scale.js';
import { PAGE_DPI } from './render.js';
import { openRenderer } from './renderer.js';
import { eraseGrid, findImageLines, pixelRuns } from './rules.js';
import { keptWords, ocrPageInput } from './runs.js';

export interface OcrSettings {
  /**
   * The pool to use (an `OcrEngine` of @distill/ocr); by default the process-wide pool for the
   * engine and languages. Typed loosely so that this package's types do not need the optional package.
   */
  pool?: object;
  /**
   * `tesseract`, `native` or `paddle` (see @distill/ocr's README); by default `DISTILL_OCR_ENGINE`,
   * else @distill/ocr's default. A missing engine package is MISSING_DEPENDENCY naming it.
   */
  engine?: 'tesseract' | 'native' | 'paddle';
  /** OCR languages (ISO or tesseract codes); a missing language package is MISSING_DEPENDENCY. */
  languages?: string[];
  /** Worker count of the default pool. */
  poolSize?: number;
  /** Target rendering resolution of OCR'd pages (capped for huge pages); default 200. */
  dpi?: number;
  /**
   * Resolution the engine reads a page at, shrunk from the rendering (read-scale.ts); sizes,
   * bold and rules are still measured on the rendering. Default DISTILL_OCR_READ_DPI, else the
   * rendering's own.
   */
  readDpi?: number;
  /** Time budget of one page's OCR (ms), after which the page is left empty; default 120 s. */
  pageTimeoutMs?: number;
  /**
   * `auto` mode: read the text of large images inside text pages (a scanned table, a
   * screenshot), placed after the image and marked as OCR; a number is the least share of the
   * page an image must cover (default 0.15). Off unless set or DISTILL_OCR_IMAGES=1.
   */
  images?: boolean | number;
  /** Rendering thread script, `false` to render in this thread; by default the built one when present. */
  renderWorker?: WorkerScript | false;
}

export interface OcrRun {
  signal: AbortSignal;
  checkpoint: () => void;
  warn: (message: string) => void;
  settings: OcrSettings;
  languages: string[];
}

/**
 * Resolution of the turned readings that look for a page's orientation: enough to tell text
 * from noise at a fraction of a full reading's cost; the winning turn is read again in full.
 */
const PROBE_DPI = 150;

/** Below this share of pixels off the background a rendered page is blank: nothing to read. */
const BLANK_INK = 0.0005;
/**
 * Ink shares of printed pages: text is a few percent of the pixels, dense tables and figures
 * more. Past this the page is a photo or noise, not worth reading again in three more
 * orientations when the upright reading is poor.
 */
function textLike(ink: number): boolean {
  return ink < 0.3;
}

/** Past this share of pixels off the background a page is a photo or noise, not print. */
const DARK_INK = 0.45;
/** A reading this unsure is noise, not text. */
const UNREADABLE_CONFIDENCE = 0.45;

export interface OcrResult {
  layout: PageLayout;
  info: OcrPageInfo;
}

/**
 * OCRs pages: each is rendered here (pdf.js on @napi-rs/canvas) while the pool reads the ones
 * before it, so rendering and recognition overlap; at most one page per worker waits in
 * memory. A page that cannot be rendered or read gives an empty layout and a warning.
 */
export async function ocrPages(
  bytes: Uint8Array,
  pageNumbers: readonly number[],
  run: OcrRun,
): Promise<Map<number, OcrResult>> {
  const results = new Map<number, OcrResult>();
  if (pageNumbers.length === 0) return results;
  const ocrEngine = await loadOcr();
  const pool =
    (run.settings.pool as OcrEngine | undefined) ??
    ocrEngine.sharedOcrPool({
      languages: run.languages,
      size: run.settings.poolSize,
      engine: run.settings.engine,
    });
  // Readers for these pages start now (a reader per page, up to the pool's size): their start-up,
  // most of a second each, overlaps opening the renderer and drawing the first page.
  const withdraw = pool.prepare(pageNumbers.length);
  const renderer = await openRenderer(bytes, { worker: run.settings.renderWorker }).catch((e) => {
    withdraw();
    throw e;
  });
  const inflight = new Set<Promise<void>>();
  const empty = (n: number, width: number, height: number, message: string, error?: boolean): void => {
    run.warn(`PDF page ${n}: ${message}`);
    results.set(n, {
      layout: { pageNumber: n, width, height, blocks: [], chars: 0, ...(error ? { error: message } : {}) },
      info: { confidence: 0, words: [], width, height, empty: true },
    });
  };
  try {
    for (const n of pageNumbers) {
      run.checkpoint();
      while (inflight.size >= pool.size) await Promise.race(inflight);
      run.checkpoint();
      let view: [number, number] | undefined;
      try {
        const rendered = await renderer.render(n, run.settings.dpi ?? pdfEnv.ocrDpi() ?? PAGE_DPI);
        const shot = rendered.shot;
        view = rendered.view;
        const dpi = shot.dpi;
        if (shot.ink < BLANK_INK || shot.ink > DARK_INK) {
          // Tesseract takes a minute over a page of noise and reads nothing from it.
          const what = shot.ink < BLANK_INK ? 'a blank page' : 'a page of photo or noise, not print';
          empty(n, view[0], view[1], `OCR found ${what}, no text`);
          continue;
        }
        const [w, h] = view;
        // Tesseract can spend minutes on a texture it takes for text: past the budget the page
        // is given up (its worker is replaced), not the document.
        const budget = run.settings.pageTimeoutMs ?? 120_000;
        // A plain timer (not AbortSignal.timeout, whose composite signals Node may collect).
        const pageAbort = new AbortController();
        const onAbort = () => pageAbort.abort(run.signal.reason);
        run.signal.addEventListener('abort', onAbort, { once: true });
        const timer = setTimeout(() => pageAbort.abort(new Error('page budget')), budget);
        timer.unref();
        const pageSignal = pageAbort.signal;
        // Tesseract reads a boxed table's cells only once its grid is painted over.
        const header = shot.image.length - shot.widthPx * shot.heightPx;
        const runs = pixelRuns(shot.image, header, shot.widthPx, shot.heightPx, dpi);
        const erased = eraseGrid(shot.image, header, shot.widthPx, shot.heightPx, dpi, runs) ?? shot.image;
        const reading = readingImage(
          erased,
          header,
          shot.widthPx,
          shot.heightPx,
          dpi,
          run.settings.readDpi ?? pdfEnv.ocrReadDpi() ?? dpi,
        );
        const task = pool
          .recognizeOriented(
            reading.image,
            textLike(shot.ink)
              ? async (deg, probe) => {
                  // Turned readings at the reading's resolution, so every reading scales alike.
                  const at = probe ? Math.min(reading.dpi, PROBE_DPI) : reading.dpi;
                  return { image: (await renderer.render(n, at, deg, true)).shot.image, dpi: at };
                }
              : undefined,
            {
              signal: pageSignal,
              dpi: reading.dpi,
            },
          )
          .then((read) => {
            const ocr = scaleReading(read, reading.scale);
            const turned = ocr.orientation === 90 || ocr.orientation === 270;
            const frame = turned
              ? { widthPx: shot.heightPx, heightPx: shot.widthPx, dpi }
              : { widthPx: shot.widthPx, heightPx: shot.heightPx, dpi };
            const kept = keptWords(ocr).filter(Boolean).length;
            if (
              kept === 0 ||
              (ocrEngine.poorReading(ocr) && ocr.confidence < UNREADABLE_CONFIDENCE && kept < 3)
            ) {
              empty(
                n,
                (frame.widthPx * 72) / dpi,
                (frame.heightPx * 72) / dpi,
                'OCR could not read the page, no text',
              );
              return;
            }
            // Ink is measured on the upright rendering; a turned page goes without bold.
            const strokes =
              ocr.orientation === 0
                ? wordStrokes(ocr.words, shot.image, shot.widthPx, shot.heightPx, Math.round(dpi / 75))
                : [];
            const { input, boxes } = ocrPageInput(n, ocr, frame, strokes);
            // Ruling lines seen in the upright rendering, so scanned tables keep their grid.
            if (ocr.orientation === 0) {
              const found = findImageLines(
                shot.image,
                header,
                shot.widthPx,
                shot.heightPx,
                dpi,
                72 / dpi,
                runs,
              );
              input.rules = found.rules;
              input.rects = found.rects;
            }
            results.set(n, {
              layout: analyzePage(input),
              info: {
                // The mean over the words kept, not over the noise that was dropped.
                confidence: boxes.reduce((sum, b) => sum + b.confidence, 0) / Math.max(1, boxes.length),
                words: boxes,
                width: input.width,
                height: input.height,
                ...(rendered.fromImage ? { fromImage: true } : {}),
                ...(reading.scale !== 1 ? { readDpi: reading.dpi } : {}),
                engine: pool.engine,
              },
            });
          })
          .catch((e) => {
            if (run.signal.aborted) throw e;
            if (pageSignal.aborted)
              empty(n, w, h, `OCR gave up on the page after ${budget / 1000} s, no text`);
            else empty(n, w, h, `OCR failed (${(e as Error)?.message ?? e})`, true);
          })
          .finally(() => {
            clearTimeout(timer);
            run.signal.removeEventListener('abort', onAbort);
            inflight.delete(task);
          });
        inflight.add(task);
        // An abort rejects the pages in flight while this loop may be awaiting the next page's
        // rendering, not them: Promise.all below collects the rejection, but only later, and a
        // rejection with no handler when it happens ends the process (a parse timeout crashed
        // the command line, and would a server).
        task.catch(() => {});
      } catch (e) {
        if (run.signal.aborted) throw e;
        const [w, h] = view ?? [612, 792];
        empty(n, w, h, `could not be rendered for OCR (${(e as Error)?.message ?? e})`, true);
      }
    }
    await Promise.all(inflight);
  } finally {
    // A failure or abort leaves other pages in flight; they finish (or are aborted) on their own.
    await Promise.allSettled(inflight);
    withdraw();
    await renderer.close();
  }
  return results;
}
