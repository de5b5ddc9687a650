import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker is its own entry: page layout runs in it on worker threads.
  entry: ['src/index.ts', 'src/worker.ts'],
  format: ['esm', 'cjs'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node20',
  shims: true,
  external: ['pdfjs-dist'],
});
