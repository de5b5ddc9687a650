import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

// worker.ts is its own entry: piscina loads it by file name in each worker thread.
// The queue is a subpath so that `distill parse` never loads BullMQ.
export default defineConfig(
  preset({
    entry: { index: 'src/index.ts', worker: 'src/worker.ts', 'queue/index': 'src/queue/index.ts' },
    dts: { entry: { index: 'src/index.ts', 'queue/index': 'src/queue/index.ts' } },
  }),
);
