import { defineConfig } from 'tsup';
import { preset } from '../../tsup.preset';

// The workers are their own entries: page layout, and page rendering for OCR, run in them on
// worker threads.
export default defineConfig(
  preset({
    entry: { index: 'src/index.ts', worker: 'src/worker.ts', 'render-worker': 'src/ocr/render-worker.ts' },
    dts: { entry: 'src/index.ts' },
    external: ['pdfjs-dist', '@napi-rs/canvas', '@distill/ocr'],
  }),
);
