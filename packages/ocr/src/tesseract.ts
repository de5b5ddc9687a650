import { createRequire } from 'node:module';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import type * as Tesseract from 'tesseract.js';

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
