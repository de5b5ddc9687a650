import { createRequire } from 'node:module';
import type * as Ort from 'onnxruntime-node';
import type { LineBox } from './detect.js';
import { detInput, linesFromMap } from './detect.js';
import type { Grey } from './image.js';
import { readPgm } from './image.js';
import { type PaddleModels, readDictionary } from './models.js';
import { ctcDecode, REC_HEIGHT, recInput, recWidth, writeLine } from './recognize.js';
import { lineWords, type ReadLine } from './words.js';

export interface PaddleSessions {
  ort: typeof Ort;
  det: Ort.InferenceSession;
  rec: Ort.InferenceSession;
  dict: readonly string[];
}

/** What a page reading costs, in milliseconds, stage by stage, for the benchmarks. */
export interface ReadTimes {
  /** The page scaled and normalised into the detector's input. */
  detPrep: number;
  /** The detection model. */
  detModel: number;
  /** Lines from the probability map (DB post-processing). */
  detPost: number;
  /** Lines cut out, scaled to 48 px and normalised. */
  recPrep: number;
  /** The recognition model. */
  recModel: number;
  /** CTC decoding and words with boxes fitted to the ink. */
  words: number;
  /** Lines read, summed. */
  lines: number;
}

export function noTimes(): ReadTimes {
  return { detPrep: 0, detModel: 0, detPost: 0, recPrep: 0, recModel: 0, words: 0, lines: 0 };
}

export function addTimes(to: ReadTimes, from: ReadTimes): void {
  for (const k of Object.keys(to) as (keyof ReadTimes)[]) to[k] += from[k] ?? 0;
}

/**
 * Reads one page image (PGM): the detector finds the text lines, the recogniser reads each
 * line, and the characters become words with boxes. Lines come back top to bottom. (The pool
 * runs the two halves apart, so one page's lines can be read by several workers.)
 */
export async function readPage(
  s: PaddleSessions,
  image: Uint8Array,
  dpi: number,
  times: ReadTimes = noTimes(),
  tune: ReadTuning = {},
): Promise<ReadLine[]> {
  const img = pageImage(image);
  const boxes = await detectLines(s, img, dpi, times, tune);
  return sortLines(await readLines(s, img, boxes, times, tune));
}

/** The page image of a PGM, or an error a caller can show. */
export function pageImage(image: Uint8Array): Grey {
  const img = readPgm(image);
  if (!img) throw new Error('the paddle OCR engine reads greyscale PGM images only');
  return img;
}

/** Text lines found by the detector, in page pixels. */
export async function detectLines(
  s: PaddleSessions,
  img: Grey,
  dpi: number,
  times: ReadTimes = noTimes(),
  tune: ReadTuning = {},
): Promise<LineBox[]> {
  const now = tune.clock ?? (() => performance.now());
  let t0 = now();
  const det = detInput(img, dpi, tune.detSide);
  let t1 = now();
  times.detPrep += t1 - t0;
  const detOut = await s.det.run({ [s.det.inputNames[0]]: new s.ort.Tensor('float32', det.data, det.dims) });
  const map = detOut[s.det.outputNames[0]];
  t0 = now();
  times.detModel += t0 - t1;
  const boxes = linesFromMap(map.data as Float32Array, det.dims[3], det.dims[2], det.scale, img);
  map.dispose?.();
  t1 = now();
  times.detPost += t1 - t0;
  return boxes;
}

/** The given lines read into words with boxes (lines that read as nothing are left out). */
export async function readLines(
  s: PaddleSessions,
  img: Grey,
  boxes: LineBox[],
  times: ReadTimes = noTimes(),
  tune: ReadTuning = {},
): Promise<ReadLine[]> {
  const batch = tune.batch ?? REC_BATCH;
  const now = tune.clock ?? (() => performance.now());
  times.lines += boxes.length;
  return batch > 1
    ? await readBatched(s, img, boxes, batch, times, now)
    : await readOneByOne(s, img, boxes, times, now);
}

/** Lines top to bottom, then left to right. */
export function sortLines(lines: ReadLine[]): ReadLine[] {
  return lines.sort((a, b) => a.top - b.top || a.words[0].bbox[0] - b.words[0].bbox[0]);
}

/**
 * The lines cut into at most `parts` runs of neighbours (top to bottom), each about the same
 * share of the recogniser's work (its cost grows with a line's width at 48 px high), so that
 * several workers reading one page each finish at about the same time.
 */
export function splitLines(boxes: LineBox[], parts: number): LineBox[][] {
  const widths = boxes.map(recWidth);
  const total = widths.reduce((a, b) => a + b, 0);
  const out: LineBox[][] = [];
  let cur: LineBox[] = [];
  let acc = 0;
  for (const [i, box] of boxes.entries()) {
    cur.push(box);
    acc += widths[i];
    if (out.length < parts - 1 && acc >= (total * (out.length + 1)) / parts) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Knobs the benchmarks turn; the defaults are what the engine uses. */
export interface ReadTuning {
  /** Lines per recognition run (1: one by one). */
  batch?: number;
  /** The detector input's longer side (see detInput). */
  detSide?: number;
  /** The clock of `times` (ms); the benchmarks pass process CPU time, wall time by default. */
  clock?: () => number;
}

/** Process CPU time in ms (user + system, every thread): a stage's cost whatever the load. */
export function cpuClock(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Lines read per recognition run. One: batches of 4, 8 and 16 lines sorted by width cost
 * 1.20x, 1.35x and 1.63x the CPU of one line per run (`pnpm bench dev paddle-variants`,
 * 10 pages, session 11), for the same words.
 */
export const REC_BATCH = 1;

async function readOneByOne(
  s: PaddleSessions,
  img: Grey,
  boxes: LineBox[],
  times: ReadTimes,
  now: () => number,
): Promise<ReadLine[]> {
  const lines: ReadLine[] = [];
  for (const box of boxes) {
    let t0 = now();
    const input = recInput(img, box);
    let t1 = now();
    times.recPrep += t1 - t0;
    const out = await s.rec.run({
      [s.rec.inputNames[0]]: new s.ort.Tensor('float32', input.data, input.dims),
    });
    t0 = now();
    times.recModel += t0 - t1;
    const probs = out[s.rec.outputNames[0]];
    const [, T, C] = probs.dims as number[];
    const chars = ctcDecode(probs.data as Float32Array, T, C, s.dict);
    probs.dispose?.();
    // One time step covers W / T input columns, scaleX crop pixels each.
    const line = lineWords(img, box, chars, (input.dims[3] / T) * input.scaleX);
    if (line) lines.push(line);
    t1 = now();
    times.words += t1 - t0;
  }
  return lines;
}

/**
 * Lines sorted by width and read `batch` at a time, each padded to its batch's widest: the
 * neighbours in width order differ little, so padding is a small share of a run, and one run
 * of several lines costs less than as many runs of one. One input buffer serves every batch.
 */
async function readBatched(
  s: PaddleSessions,
  img: Grey,
  boxes: LineBox[],
  batch: number,
  times: ReadTimes,
  now: () => number,
): Promise<ReadLine[]> {
  const widths = boxes.map(recWidth);
  const order = boxes.map((_, i) => i).sort((a, b) => widths[a] - widths[b]);
  const maxW = Math.ceil(Math.max(8, ...widths) / 8) * 8;
  const buffer = new Float32Array(batch * 3 * REC_HEIGHT * maxW);
  const lines: (ReadLine | undefined)[] = new Array(boxes.length);
  for (let from = 0; from < order.length; from += batch) {
    let t0 = now();
    const items = order.slice(from, from + batch);
    const W = Math.ceil(widths[items[items.length - 1]] / 8) * 8;
    const item = 3 * REC_HEIGHT * W;
    const scales = items.map((i, b) => writeLine(img, boxes[i], widths[i], W, buffer, b * item));
    const data = buffer.subarray(0, items.length * item);
    let t1 = now();
    times.recPrep += t1 - t0;
    const out = await s.rec.run({
      [s.rec.inputNames[0]]: new s.ort.Tensor('float32', data, [items.length, 3, REC_HEIGHT, W]),
    });
    t0 = now();
    times.recModel += t0 - t1;
    const probs = out[s.rec.outputNames[0]];
    const [, T, C] = probs.dims as number[];
    const all = probs.data as Float32Array;
    const stepCols = W / T;
    items.forEach((i, b) => {
      // Only the steps over the line's own columns: the padding past them reads as nothing.
      const steps = Math.min(T, Math.ceil(widths[i] / stepCols));
      const chars = ctcDecode(all.subarray(b * T * C, (b * T + steps) * C), steps, C, s.dict);
      lines[i] = lineWords(img, boxes[i], chars, stepCols * scales[b]);
    });
    probs.dispose?.();
    t1 = now();
    times.words += t1 - t0;
  }
  return lines.filter((l): l is ReadLine => l !== undefined);
}

/** Opens the two models on onnxruntime-node, `threads` threads each. */
export async function openSessions(models: PaddleModels, threads: number): Promise<PaddleSessions> {
  const ort = createRequire(import.meta.url)(models.runtime) as typeof Ort;
  const options = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  } as const;
  const [det, rec] = await Promise.all([
    ort.InferenceSession.create(models.detection, options),
    // Every batch has its own width: planning memory per shape would be planning per batch.
    ort.InferenceSession.create(models.recognition, { ...options, enableMemPattern: false }),
  ]);
  return { ort, det, rec, dict: readDictionary(models.dictionary) };
}
