// A PaddleOCR worker thread: loads onnxruntime-node and the two models, then reads the pages it
// is sent, one at a time. onnxruntime-node runs a model synchronously on the calling thread,
// so pages are read in parallel by one such thread per core, each running its models on one
// thread of its own (two sessions with two threads each on two cores only fought).
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type * as Ort from 'onnxruntime-node';
import { type PaddleModels, readDictionary } from './models.js';
import { type PaddleSessions, type ReadTimes, readPage } from './read.js';

export interface PaddleWorkerData {
  models: PaddleModels;
  threads: number;
}

export interface PaddleRequest {
  id: number;
  image: Uint8Array;
  dpi: number;
}

const port = parentPort!;
const { models, threads } = workerData as PaddleWorkerData;

async function open(): Promise<PaddleSessions> {
  const ort = createRequire(import.meta.url)(models.runtime) as typeof Ort;
  const options = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  } as const;
  const [det, rec] = await Promise.all([
    ort.InferenceSession.create(models.detection, options),
    // Every line has its own width: planning memory per shape would be planning per line.
    ort.InferenceSession.create(models.recognition, { ...options, enableMemPattern: false }),
  ]);
  return { ort, det, rec, dict: readDictionary(models.dictionary) };
}

open().then(
  (sessions) => {
    port.on('message', (m: PaddleRequest) => {
      const times: ReadTimes = { detect: 0, recognise: 0 };
      readPage(sessions, m.image, m.dpi, times).then(
        (lines) => port.postMessage({ type: 'read', id: m.id, lines, times }),
        (e) => port.postMessage({ type: 'failed', id: m.id, message: (e as Error)?.message ?? String(e) }),
      );
    });
    port.postMessage({ type: 'ready' });
  },
  (e) => port.postMessage({ type: 'open-error', message: (e as Error)?.message ?? String(e) }),
);
