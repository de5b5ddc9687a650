import { createRequire } from 'node:module';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import type * as Tesseract from 'tesseract.js';
import { envOcrRelaxedSimd } from './settings.js';

const require = createRequire(import.meta.url);

type TesseractModule = typeof Tesseract;
let loaded: TesseractModule | undefined;
/** Threads tesseract.js spawned, in order; `createWorker` spawns its thread synchronously. */
const spawned: ThreadWorker[] = [];

/**
 * Loads tesseract.js with its thread class wrapped so we see the worker threads it starts.
 * tesseract.js keeps them private, and an idle thread keeps Node alive: a CLI run that OCR'd
 * one page would never exit. Seeing the threads lets the pool unref them while idle. The wrap
 * is in place only while tesseract.js loads (its spawner takes `Worker` at load time).
 */
export function loadTesseract(): TesseractModule {
  if (loaded) return loaded;
  enableRelaxedSimd();
  const threads = require('node:worker_threads') as typeof import('node:worker_threads');
  const Original = threads.Worker;
  class Tracked extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      spawned.push(this);
    }
  }
  threads.Worker = Tracked;
  try {
    loaded = require('tesseract.js') as TesseractModule;
  } finally {
    threads.Worker = Original;
  }
  return loaded;
}

/** The thread most recently spawned by tesseract.js (right after a `createWorker` call). */
export function takeSpawnedThread(): ThreadWorker | undefined {
  return spawned.pop();
}

/**
 * tesseract.js picks its relaxed-SIMD core (fused multiply-add and wider dot products in the
 * LSTM's inner loops) when the engine has relaxed SIMD. V8 ships it from Node 22; Node 20's V8
 * has it behind a flag, which is process-wide and must be set before the first worker
 * compiles its wasm. Turning it on adds instructions and changes nothing else. The readings
 * are the same on a given machine run after run; between processors with and without FMA the
 * LSTM's sums may round differently.
 */
function enableRelaxedSimd(): void {
  if (!envOcrRelaxedSimd()) return;
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return;
  try {
    setFlagsFromString('--experimental-wasm-relaxed-simd');
  } catch {
    // Without the flag the plain SIMD core is used.
  }
}
