// OCR start-up cost: the first document an OCR engine converts pays for starting its workers
// (wasm core, trained data) and loading its modules; later ones do not. Each engine runs in a
// fresh process: one page converted cold, then the same page twice warm.
//   node --conditions=source --import tsx benchmarks/src/ocr-startup.ts [--corpus DIR] [--engine a,b]
import { parseArgs } from 'node:util';
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
