// OCR start-up cost: the first document an OCR engine converts pays for starting its workers
// (wasm core and trained data, or onnxruntime and the PaddleOCR models) and loading its modules; later ones do not. Each engine runs in a
// fresh process: one page converted cold, then the same page twice warm (cold minus warm is
// noisy on a shared machine). Ours is also measured directly: the pool's own start-up time
// (every worker started in parallel, up to ready), the figure to quote.
//   node --conditions=distill-source --import tsx benchmarks/src/ocr-startup.ts [--corpus DIR] [--engine a,b]
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { type OcrEngine, OcrPool, PaddlePool } from '../../packages/ocr/src/index.js';
import { runInChild } from './child.js';
import { dpbenchInputs } from './inputs.js';

const { values } = parseArgs({
  options: { corpus: { type: 'string' }, engine: { type: 'string' } },
});
const corpus = values.corpus ?? '/tmp/distill-corpora/dpbench-dev-ocr';
const engines = (values.engine ?? 'distill-ocr,liteparse-ocr').split(',');
const file = dpbenchInputs(corpus)[0];
for (const engine of engines) {
  const a = await runInChild<{ passMs: number[]; fileMs: number[][]; errors: number; firstError?: string }>({
    type: 'speed',
    engine,
    files: [file],
    runs: 3,
    warmup: 0,
  });
  const [cold, ...warm] = a.fileMs.map((f) => f[0]);
  const w = Math.min(...warm);
  console.log(
    `ocr-startup ${engine}: first page ${(cold / 1000).toFixed(2)} s, warm page ${(w / 1000).toFixed(2)} s, start-up ≈ ${((cold - w) / 1000).toFixed(2)} s${a.errors ? ` (errors: ${a.firstError})` : ''}`,
  );
}

// The pools alone: a blank 1x1 PGM is enough to start every worker.
const pools: [string, () => OcrEngine][] = [
  ['tesseract', () => new OcrPool({ size: availableParallelism() })],
  ['paddle', () => new PaddlePool({ size: availableParallelism() })],
];
for (let i = 0; i < 4; i++) {
  const [name, make] = pools[i % 2];
  const pool = make();
  const t = performance.now();
  await pool.recognize(new Uint8Array(Buffer.from('P5\n1 1\n255\n\xff', 'latin1')));
  const total = performance.now() - t;
  // The pool notes its start-up once every worker is ready, which may be after the first page.
  while (!pool.startupMs) await new Promise((r) => setTimeout(r, 20));
  console.log(
    `ocr-startup distill ${name} pool (${pool.size} workers): ready in ${(pool.startupMs / 1000).toFixed(2)} s (first call ${(total / 1000).toFixed(2)} s)`,
  );
  await pool.close();
}
