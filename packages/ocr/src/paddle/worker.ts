// A PaddleOCR worker thread: loads onnxruntime-node and the two models, then reads the pages it
// is sent, one at a time. onnxruntime-node runs a model synchronously on the calling thread,
// so pages are read in parallel by one such thread per core, each running its models on one
// thread of its own (two sessions with two threads each on two cores only fought).
import { parentPort, workerData } from 'node:worker_threads';
import type { PaddleModels } from './models.js';
import { cpuClock, noTimes, openSessions, readPage } from './read.js';

export interface PaddleWorkerData {
  models: PaddleModels;
  threads: number;
  /** Time the stages in process CPU time (the benchmarks), not wall time. */
  cpuClock?: boolean;
}

export interface PaddleRequest {
  id: number;
  image: Uint8Array;
  dpi: number;
}

const port = parentPort!;
const { models, threads, cpuClock: cpu } = workerData as PaddleWorkerData;

openSessions(models, threads).then(
  (sessions) => {
    port.on('message', (m: PaddleRequest) => {
      const times = noTimes();
      readPage(sessions, m.image, m.dpi, times, cpu ? { clock: cpuClock } : {}).then(
        (lines) => port.postMessage({ type: 'read', id: m.id, lines, times }),
        (e) => port.postMessage({ type: 'failed', id: m.id, message: (e as Error)?.message ?? String(e) }),
      );
    });
    port.postMessage({ type: 'ready' });
  },
  (e) => port.postMessage({ type: 'open-error', message: (e as Error)?.message ?? String(e) }),
);
