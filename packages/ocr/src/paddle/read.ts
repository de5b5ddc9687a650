import type * as Ort from 'onnxruntime-node';
import { detInput, linesFromMap } from './detect.js';
import { readPgm } from './image.js';
import { ctcDecode, recInput } from './recognize.js';
import { lineWords, type ReadLine } from './words.js';

export interface PaddleSessions {
  ort: typeof Ort;
  det: Ort.InferenceSession;
  rec: Ort.InferenceSession;
  dict: readonly string[];
}

/** What a page reading costs, in milliseconds, for the benchmarks. */
export interface ReadTimes {
  detect: number;
  recognise: number;
}

/**
 * Reads one page image (PGM): the detector finds the text lines, the recogniser reads each
 * line on its own (one line per run: padding lines to a common width for a batch cost more
 * than it saved), and the characters become words with boxes. Lines come back top to bottom.
 */
export async function readPage(
  s: PaddleSessions,
  image: Uint8Array,
  dpi: number,
  times?: ReadTimes,
): Promise<ReadLine[]> {
  const img = readPgm(image);
  if (!img) throw new Error('the paddle OCR engine reads greyscale PGM images only');
  let t0 = performance.now();
  const det = detInput(img, dpi);
  const detOut = await s.det.run({ [s.det.inputNames[0]]: new s.ort.Tensor('float32', det.data, det.dims) });
  const map = detOut[s.det.outputNames[0]];
  const boxes = linesFromMap(map.data as Float32Array, det.dims[3], det.dims[2], det.scale, img);
  map.dispose?.();
  if (times) times.detect += performance.now() - t0;
  t0 = performance.now();
  const lines: ReadLine[] = [];
  for (const box of boxes) {
    const input = recInput(img, box);
    const out = await s.rec.run({
      [s.rec.inputNames[0]]: new s.ort.Tensor('float32', input.data, input.dims),
    });
    const probs = out[s.rec.outputNames[0]];
    const [, T, C] = probs.dims as number[];
    const chars = ctcDecode(probs.data as Float32Array, T, C, s.dict);
    probs.dispose?.();
    // One time step covers W / T input columns, scaleX crop pixels each.
    const line = lineWords(img, box, chars, (input.dims[3] / T) * input.scaleX);
    if (line) lines.push(line);
  }
  if (times) times.recognise += performance.now() - t0;
  lines.sort((a, b) => a.top - b.top || a.words[0].bbox[0] - b.words[0].bbox[0]);
  return lines;
}
