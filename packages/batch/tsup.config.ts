import { defineConfig } from 'tsup';

// worker.ts is its own entry: piscina loads it by file name in each worker thread.
// The queue is a subpath so that `distill parse` never loads BullMQ.
export default defineConfig({
  entry: { index: 'src/index.ts', worker: 'src/worker.ts', 'queue/index': 'src/queue/index.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts', 'queue/index': 'src/queue/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
});
