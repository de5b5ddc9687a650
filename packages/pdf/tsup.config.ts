import { defineConfig } from 'tsup';

export default defineConfig({
  // The workers are their own entries: page layout, and page rendering for OCR, run in them
  // on worker threads.
  entry: { index: 'src/index.ts', worker: 'src/worker.ts', 'render-worker': 'src/ocr/render-worker.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
  shims: true,
  external: ['pdfjs-dist'],
});
