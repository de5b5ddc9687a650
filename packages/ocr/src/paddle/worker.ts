// A PaddleOCR worker thread: loads onnxruntime-node and the two models, then runs the jobs it
// is sent, one at a time: a page's detection, or the recognition of some of a page's lines.
// onnxruntime-node runs a model synchronously on the calling thread, so pages are read in
// parallel by one such thread per core, each running its models on one thread of its own
// (two sessions with two threads each on two cores only fought).
import { parentPort, workerData } from 'node:worker_threads';
import type { LineBox } from './detect.js';
import type { PaddleModels } from './models.js';
import { cpuClock, detectLines, noTimes, openSessions, pageImage, readLines } from './read.js';

export interface PaddleWorkerData {
  models: PaddleModels;
  threads: number;
  /** Time the stages in process CPU time (the benchmarks), not wall time. */
  cpuClock?: boolean;
}

/** A job: find a page's lines, or read the given lines of a page. */
export type PaddleRequest =
  | { id: number; kind: 'detect'; image: Uint8Array; dpi: number }
  | { id: number; kind: 'lines'; image: Uint8Array; boxes: LineBox[] };

const port = parentPort!;
const { models, threads, cpuClock: cpu } = workerData as PaddleWorkerData;

openSessions(models, threads).then(
  (sessions) => {
    const tune = cpu ? { clock: cpuClock } : {};
    port.on('message', (m: PaddleRequest) => {
      const times = noTimes();
      const work = async () => {
        const img = pageImage(m.image);
        return m.kind === 'detect'
          ? { boxes: await detectLines(sessions, img, m.dpi, times, tune) }
          : { lines: await readLines(sessions, img, m.boxes, times, tune) };
      };
      work().then(
        (r) => port.postMessage({ type: 'done', id: m.id, ...r, times }),
        (e) => port.postMessage({ type: 'failed', id: m.id, message: (e as Error)?.message ?? String(e) }),
      );
    });
    port.postMessage({ type: 'ready' });
  },
  (e) => port.postMessage({ type: 'open-error', message: (e as Error)?.message ?? String(e) }),
);
