import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DistillError } from '@distill/core';
import type { Worker as TessWorker } from 'tesseract.js';
import { DEFAULT_OCR_ENGINE, type OcrEngine, type OcrEngineName, readOriented } from './engine.js';
import { type LanguageData, languageData, trainedDataDir } from './languages.js';
import { nativeReader, nativeTesseract } from './native/reader.js';
import { pgmSize } from './native/rotate.js';
import { nativeTessdataDir } from './native/tessdata.js';
import { PaddlePool } from './paddle/pool.js';
import { envOcrEngine, envOcrModel, envOcrWorkers } from './settings.js';
import { deskewPoint, measureSkew } from './skew.js';
import { countRead, ocrStats } from './stats.js';
import { loadTesseract, takeSpawnedThread } from './tesseract.js';
import { type PoolWorker, WorkerPool } from './worker-pool.js';

/** One recognised word: pixel box in the image, confidence 0..1. */
export interface OcrWord {
  text: string;
  bbox: [number, number, number, number];
  confidence: number;
  /** Tesseract's line id within the page, so callers can keep its line grouping. */
  line: number;
  /** Baseline y under the word, in pixels. */
  base: number;
  /** Height of the word's text row (ascender to descender), in pixels: about the font size. */
  rowHeight: number;
  /** Last word of its line: callers join words of a line with spaces. */
  lineEnd: boolean;
}

export interface OcrPage {
  words: OcrWord[];
  text: string;
  /** Mean word confidence, 0..1. */
  confidence: number;
  /** Rotation tesseract measured and corrected, in degrees (deskew). */
  skewDegrees: number;
  /** Which orientation (0, 90, 180, 270) the image was read in. */
  orientation: 0 | 90 | 180 | 270;
}

/** An image turned for recognizeOriented, with the resolution it was made at when not the page's. */
export interface TurnedImage {
  image: Uint8Array;
  dpi?: number;
}

export interface OcrPoolOptions {
  /** Worker count; default `DISTILL_OCR_WORKERS` or the machine's cores. */
  size?: number;
  /** Languages (ISO or tesseract codes); default English. */
  languages?: string[];
  /** Close the workers after this long without work (ms); default 60 s. */
  idleMs?: number;
  /**
   * Read with native tesseract (the `tesseract` command on PATH, a process per page) instead of
   * tesseract.js: the same trained data, settings and words, for less CPU (README, Speed).
   */
  native?: boolean;
}

export interface RecognizeOptions {
  signal?: AbortSignal;
  /** Resolution the image was made at, so tesseract need not guess it. */
  dpi?: number;
  /** Measure and correct skew (default true). */
  deskew?: boolean;
  /** Turn the image by this many radians before reading (a skew measured on an earlier reading). */
  rotateRadians?: number;
}

/** A reading as tesseract.js gives it (the native engine's hOCR is parsed into the same shape). */
export interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
export interface TessLine {
  words?: TessWord[];
  bbox: { x0: number; y0: number; x1: number; y1: number };
  rowAttributes?: { rowHeight?: number };
  baseline?: { x0: number; y0: number; x1: number; y1: number };
}
export interface TessBlock {
  paragraphs?: { lines?: TessLine[] }[];
}
export interface TessResult {
  data: { blocks: TessBlock[] | null; text: string; rotateRadians?: number | null };
}

/** A page for a tesseract.js worker. */
interface TessJob {
  image: Uint8Array;
  opts: RecognizeOptions;
}

export function defaultPoolSize(): number {
  return envOcrWorkers() ?? availableParallelism();
}

/**
 * A pool of tesseract.js workers, started on first use and reused across pages and documents.
 * Start-up (loading the wasm core and trained data) costs about a second per worker, so keep
 * one pool. Idle workers never keep the process alive, and close after `idleMs`. Aborting a
 * page that a worker is reading terminates that worker (tesseract cannot be interrupted); the
 * pool starts a fresh one for the next page. With `native`, a reader runs the `tesseract`
 * command once per page instead (native/reader.ts); the rest (skew, words) is shared.
 */
export class OcrPool implements OcrEngine {
  readonly engine: 'tesseract' | 'native';
  readonly size: number;
  readonly languages: LanguageData[];
  /** Milliseconds the pool's first start took (all workers in parallel), for reporting. */
  get startupMs(): number {
    return this.pool.startupMs;
  }
  private readonly pool: WorkerPool<TessJob, TessResult>;
  private langDir: { path: string; temp: boolean } | undefined;
  /** The native engine's unpacked trained data (native/tessdata.ts). */
  private tessdata: string | undefined;

  constructor(opts: OcrPoolOptions = {}) {
    this.engine = opts.native ? 'native' : 'tesseract';
    // Checked now, as a missing language is below, so the document fails before any page is rendered.
    if (this.engine === 'native' && !nativeTesseract()) missingNative();
    this.pool = new WorkerPool({
      size: opts.size ?? defaultPoolSize(),
      idleMs: opts.idleMs ?? 60_000,
      spawn: () => this.spawn(),
      start: 'waiting',
      failure: (e) =>
        new DistillError('UNKNOWN_ERROR', `OCR failed: ${(e as Error)?.message ?? e}`, { cause: e }),
    });
    this.size = this.pool.size;
    // Resolved now, so a missing language package fails before any page is rendered.
    this.languages = (opts.languages?.length ? opts.languages : ['eng']).map(languageData);
    const codes = this.languages.map((l) => l.code);
    if (new Set(codes).size !== codes.length)
      this.languages = this.languages.filter((l, i) => codes.indexOf(l.code) === i);
  }

  /** The language string tesseract takes: `eng+deu`. */
  get languageKey(): string {
    return this.languages.map((l) => l.code).join('+');
  }

  /**
   * tesseract.js reads every language from one folder; each package has its own, so several
   * languages are linked into a temporary folder side by side.
   */
  private languageDir(): string {
    if (this.langDir) return this.langDir.path;
    // The fast network where this package ships it (English); else the LSTM-only data when
    // every language has it (one kind of data for all languages), else the full data.
    const model = envOcrModel();
    const lstm = model !== 'full' && this.languages.every((l) => l.lstmPath);
    const pathOf = (l: LanguageData) => trainedDataDir(l, model, lstm);
    const dirs = new Set(this.languages.map(pathOf));
    if (dirs.size === 1) {
      this.langDir = { path: pathOf(this.languages[0]), temp: false };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'distill-ocr-lang-'));
      for (const l of this.languages) {
        const file = `${l.code}.traineddata${l.gzip ? '.gz' : ''}`;
        symlinkSync(join(pathOf(l), file), join(dir, file));
      }
      this.langDir = { path: dir, temp: true };
    }
    return this.langDir.path;
  }

  private async spawn(): Promise<PoolWorker<TessJob, TessResult>> {
    if (this.engine === 'native') {
      const command = nativeTesseract() ?? missingNative();
      this.tessdata ??= nativeTessdataDir(this.languages);
      ocrStats.workers++;
      if (ocrStats.reads === 0) ocrStats.ahead++;
      return nativeReader(command, this.tessdata, this.languageKey);
    }
    const { createWorker, OEM } = loadTesseract();
    const gzip = this.languages.every((l) => l.gzip);
    const pending = createWorker(this.languageKey, OEM.LSTM_ONLY, {
      langPath: this.languageDir(),
      gzip,
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: () => {},
    });
    // createWorker starts its thread before its first await.
    const thread = takeSpawnedThread();
    ocrStats.workers++;
    if (ocrStats.reads === 0) ocrStats.ahead++;
    let worker: TessWorker;
    try {
      worker = await pending;
    } catch (e) {
      void thread?.terminate();
      throw new DistillError('MISSING_DEPENDENCY', `OCR could not start: ${(e as Error)?.message ?? e}`, {
        cause: e,
      });
    }
    return {
      run: (job) => read(worker, job),
      ref: () => thread?.ref(),
      unref: () => thread?.unref(),
      terminate: async () => {
        await worker.terminate();
      },
    };
  }

  private async raw(image: Uint8Array, opts: RecognizeOptions): Promise<TessResult> {
    const done = countRead();
    try {
      return await this.pool.run({ image, opts }, opts.signal);
    } finally {
      done();
    }
  }

  prepare(pages: number): () => void {
    return this.pool.prepare(pages);
  }

  /**
   * Recognises one image (PNG, JPEG or PGM bytes). The skew is measured on the lines read: a
   * page crooked by more than REREAD_SKEW is read again turned straight; a smaller skew, which
   * tesseract reads through, is corrected in the words' geometry.
   */
  async recognize(image: Uint8Array, opts: RecognizeOptions = {}): Promise<OcrPage> {
    const result = await this.raw(image, opts);
    if (opts.deskew === false || opts.rotateRadians !== undefined)
      return toPage(result, opts.rotateRadians ?? 0);
    const skew = measureSkew(baselines(result));
    if (Math.abs(skew) < MIN_SKEW) return toPage(result, 0);
    // The native engine turns only PGM pixels itself (native/rotate.ts); other images keep the
    // correction in the geometry.
    if (Math.abs(skew) >= REREAD_SKEW && (this.engine !== 'native' || pgmSize(image)))
      return toPage(await this.raw(image, { ...opts, rotateRadians: -skew }), -skew);
    return toPage(result, 0, { angle: skew, center: imageCentre(image, result) });
  }

  /** Recognises an image in its best orientation (see readOriented). */
  recognizeOriented(
    image: Uint8Array,
    rotate?: (degrees: 90 | 180 | 270, probe: boolean) => Promise<TurnedImage>,
    opts: RecognizeOptions = {},
  ): Promise<OcrPage> {
    return readOriented((img, o) => this.recognize(img, o), image, rotate, opts);
  }

  /** Stops every worker; the pool cannot be used afterwards. */
  async close(): Promise<void> {
    await this.pool.close();
    if (this.langDir?.temp) rmSync(this.langDir.path, { recursive: true, force: true });
    this.langDir = undefined;
  }
}

function missingNative(): never {
  throw new DistillError(
    'MISSING_DEPENDENCY',
    'OCR engine "native" needs the tesseract command on PATH: install tesseract 5 (Debian: apt-get install tesseract-ocr), or use the ocrEngine "tesseract"',
  );
}

/** One page read by a tesseract.js worker. */
async function read(worker: TessWorker, job: TessJob): Promise<TessResult> {
  // Skew is measured on the reading's own baselines (see recognize), not by tesseract.js's
  // rotateAuto, which lays the page out twice (once to measure, once to read).
  const params: Record<string, unknown> = { rotateAuto: false, rotateRadians: job.opts.rotateRadians ?? 0 };
  // Lines read with low confidence are not read again inverted (white on black): dark and
  // shaded pages are flattened to dark-on-white before they get here, and the second reading
  // cost about a sixth of the time on ordinary pages while changing nothing on them.
  params.tessedit_do_invert = '0';
  // Tesseract's own page segmentation (blocks, columns, lines). The library's default, which
  // tesseract.js keeps, is one uniform block of text: columns read across as one line, figures
  // read as text. Segmented, the first 6 scanned dev pages read with word F1 .971 instead of
  // .806, for 0.80x the CPU (`pnpm bench dev tesseract-variants`).
  params.tessedit_pageseg_mode = PAGE_SEGMENTATION;
  // A known resolution also keeps tesseract from printing its guess to stdout.
  params.user_defined_dpi = String(Math.round(job.opts.dpi ?? 300));
  // Tesseract's diagnostics ("Image too small to scale!!") go nowhere instead of our stdout.
  params.debug_file = '/dev/null';
  const r = await worker.recognize(
    Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength),
    params as never,
    { blocks: true, text: true },
  );
  return r as unknown as TessResult;
}

/** Fully automatic page segmentation without orientation detection (tesseract's PSM_AUTO). */
const PAGE_SEGMENTATION = '3';

/** Skews below this (radians, about 0.3 degrees) are left alone, as tesseract.js's rotateAuto did. */
const MIN_SKEW = 0.005;
/** Past this skew (about 1.5 degrees) the page is read again turned straight. */
const REREAD_SKEW = 0.026;

function baselines(result: TessResult): { x0: number; y0: number; x1: number; y1: number }[] {
  const out: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (const block of result.data.blocks ?? [])
    for (const para of block.paragraphs ?? [])
      for (const l of para.lines ?? []) if (l.baseline && (l.words?.length ?? 0) >= 3) out.push(l.baseline);
  return out;
}

/** The centre of a PGM or PNG image from its header; else of the words read. */
function imageCentre(image: Uint8Array, result: TessResult): [number, number] {
  const head = Buffer.from(image.buffer, image.byteOffset, Math.min(64, image.byteLength));
  const pgm = /^P5\s+(\d+)\s+(\d+)\s/.exec(head.toString('latin1'));
  if (pgm) return [Number(pgm[1]) / 2, Number(pgm[2]) / 2];
  if (head.length >= 24 && head.readUInt32BE(12) === 0x49484452)
    return [head.readUInt32BE(16) / 2, head.readUInt32BE(20) / 2];
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const block of result.data.blocks ?? [])
    for (const para of block.paragraphs ?? [])
      for (const l of para.lines ?? []) {
        x0 = Math.min(x0, l.bbox.x0);
        y0 = Math.min(y0, l.bbox.y0);
        x1 = Math.max(x1, l.bbox.x1);
        y1 = Math.max(y1, l.bbox.y1);
      }
  return Number.isFinite(x0) ? [(x0 + x1) / 2, (y0 + y1) / 2] : [0, 0];
}

/**
 * The words of a reading. `rotated` is the turn the image was read with (radians); `deskew`, a
 * skew to correct in the geometry: each word's box is moved to where its centre lies on the
 * page turned straight (boxes keep their size, the turn is small) and its baseline with it.
 */
function toPage(
  result: TessResult,
  rotated: number,
  deskew?: { angle: number; center: [number, number] },
): OcrPage {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of result.data.blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      for (const l of para.lines ?? []) {
        const rowHeight =
          l.rowAttributes?.rowHeight && l.rowAttributes.rowHeight > 0
            ? l.rowAttributes.rowHeight
            : l.bbox.y1 - l.bbox.y0;
        const bl = l.baseline;
        const baseAt = (x: number) => {
          if (!bl || bl.x1 === bl.x0) return l.bbox.y1;
          return bl.y0 + ((bl.y1 - bl.y0) * (x - bl.x0)) / (bl.x1 - bl.x0);
        };
        const start = words.length;
        for (const w of l.words ?? []) {
          const text = w.text.trim();
          if (text === '') continue;
          let bbox: [number, number, number, number] = [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1];
          let base = baseAt((w.bbox.x0 + w.bbox.x1) / 2);
          if (deskew) {
            const { angle, center } = deskew;
            const mx = (bbox[0] + bbox[2]) / 2;
            const my = (bbox[1] + bbox[3]) / 2;
            const [nx, ny] = deskewPoint(mx, my, angle, center[0], center[1]);
            base = deskewPoint(mx, base, angle, center[0], center[1])[1];
            bbox = [bbox[0] + nx - mx, bbox[1] + ny - my, bbox[2] + nx - mx, bbox[3] + ny - my];
          }
          words.push({
            text,
            bbox,
            confidence: Math.max(0, Math.min(1, w.confidence / 100)),
            line,
            base,
            rowHeight,
            lineEnd: false,
          });
        }
        if (words.length > start) words[words.length - 1].lineEnd = true;
        line++;
      }
    }
  }
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return {
    words,
    text: result.data.text ?? '',
    confidence,
    skewDegrees: ((deskew ? -deskew.angle : rotated) * 180) / Math.PI,
    orientation: 0,
  };
}

const shared = new Map<string, OcrEngine>();

export interface SharedPoolOptions extends OcrPoolOptions {
  /** The engine; default `DISTILL_OCR_ENGINE`, else defaultOcrEngine(). */
  engine?: OcrEngineName;
}

/**
 * The engine when none is named: `native` when the `tesseract` command is on PATH (the better
 * and cheaper reader, see DEFAULT_OCR_ENGINE), else tesseract.js. metadata.ocrEngine says which read.
 */
export function defaultOcrEngine(): OcrEngineName {
  return nativeTesseract() ? 'native' : DEFAULT_OCR_ENGINE;
}

/**
 * The process-wide pool of an engine for a set of languages, started on first use. Pools for
 * other engines and language sets live beside it (each closes itself when idle). The paddle
 * engine reads with one pair of models whatever the languages (see its README section).
 */
export function sharedOcrPool(opts: SharedPoolOptions = {}): OcrEngine {
  const engine = opts.engine ?? envOcrEngine() ?? defaultOcrEngine();
  const codes = () =>
    (opts.languages?.length ? opts.languages : ['eng']).map((l) => languageData(l).code).join('+');
  const key = engine === 'paddle' ? 'paddle' : engine === 'native' ? `native:${codes()}` : codes();
  let pool = shared.get(key);
  if (!pool || (opts.size && pool.size !== opts.size)) {
    void pool?.close();
    pool =
      engine === 'paddle'
        ? new PaddlePool({ size: opts.size ?? defaultPoolSize(), idleMs: opts.idleMs })
        : new OcrPool({ ...opts, native: engine === 'native' });
    shared.set(key, pool);
  }
  return pool;
}

export async function closeSharedOcrPool(): Promise<void> {
  const pools = [...shared.values()];
  shared.clear();
  await Promise.all(pools.map((p) => p.close()));
}
