import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

// The PaddleOCR worker is its own entry: pages are read on worker threads, one per core.
export default defineConfig(
  preset({
    entry: { index: 'src/index.ts', 'paddle-worker': 'src/paddle/worker.ts' },
    dts: { entry: 'src/index.ts' },
    external: ['onnxruntime-node'],
  }),
);
