/**
 * tesseract.js set up several ways, compared in one process under the same load: one worker
 * per variant, each scanned dev page (rendered once, untimed) read by every variant in turn
 * (the order rotating page by page), one reading at a time. Prints each variant's seconds per
 * page, its ratio to the first, and whether its words match the first's.
 *   pnpm bench dev ocr-variants [--limit N] [--corpus DIR]
 * Variants: `full-simd` (the `4.0.0` data with the legacy tables, plain SIMD core: the pool
 * before issue 27), `lstm-simd` (the LSTM-only `4.0.0_best_int` data), `lstm-relaxed` (that
 * data on the relaxed-SIMD core), `full-relaxed`. Relaxed SIMD is a process-wide V8 flag: the plain-SIMD
 * workers are started before it is set, and tesseract.js picks its core when a worker starts.
 * Measured on 8 pages (issue 27): all four within 4% of each other, the relaxed core reading
 * the same text as the plain one; the LSTM-only data reads differently on half the pages.
 * The pool does not turn relaxed SIMD on (a process-wide experimental flag for no gain).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { languageData } from '../../../packages/ocr/src/index.js';
import { loadTesseract } from '../../../packages/ocr/src/tesseract.js';
import { openForRender, PAGE_DPI, renderPageAt } from '../../../packages/pdf/src/ocr/render.js';
import { dpbenchInputs, loadInput } from '../inputs.js';
import { scannedCorpus } from '../paths.js';

const { values } = parseArgs({ options: { limit: { type: 'string' }, corpus: { type: 'string' } } });
const { createWorker, OEM } = loadTesseract();
const eng = languageData('eng');

const start = (langPath: string) =>
  createWorker('eng', OEM.LSTM_ONLY, {
    langPath,
    gzip: eng.gzip,
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: () => {},
  });
const variants: { name: string; worker: Awaited<ReturnType<typeof start>>; ms: number; same: number }[] = [];
for (const [name, path] of [
  ['full-simd', eng.langPath],
  ['lstm-simd', eng.lstmPath ?? eng.langPath],
] as const)
  variants.push({ name, worker: await start(path), ms: 0, same: 0 });
setFlagsFromString('--experimental-wasm-relaxed-simd');
variants.push({ name: 'full-relaxed', worker: await start(eng.langPath), ms: 0, same: 0 });
variants.push({ name: 'lstm-relaxed', worker: await start(eng.lstmPath ?? eng.langPath), ms: 0, same: 0 });

const files = dpbenchInputs(scannedCorpus(values.corpus)).slice(0, Number(values.limit ?? 5));
const load0 = loadavg()[0];
for (const [i, f] of files.entries()) {
  const doc = await openForRender(loadInput(f).bytes);
  const { shot } = await renderPageAt(doc, 1, PAGE_DPI);
  await doc.destroy();
  const image = Buffer.from(shot.image.buffer, shot.image.byteOffset, shot.image.byteLength);
  const params = {
    rotateAuto: false,
    tessedit_do_invert: '0',
    user_defined_dpi: String(Math.round(shot.dpi)),
    debug_file: '/dev/null',
  };
  const texts = new Map<string, string>();
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(i + k) % variants.length];
    const t = performance.now();
    const r = await v.worker.recognize(image, params as never, { blocks: true, text: true });
    v.ms += performance.now() - t;
    texts.set(v.name, r.data.text);
  }
  for (const v of variants) if (texts.get(v.name) === texts.get(variants[0].name)) v.same++;
}
console.log(
  `ocr-variants: ${files.length} scanned dev pages at ${PAGE_DPI} dpi, one reading at a time ` +
    `(load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)})`,
);
console.log('| variant | s/page | ratio to first | text as the first |\n|---|---|---|---|');
for (const v of variants)
  console.log(
    `| ${v.name} | ${(v.ms / files.length / 1000).toFixed(2)} | ${(v.ms / variants[0].ms).toFixed(2)} | ${v.same}/${files.length} |`,
  );
await Promise.all(variants.map((v) => v.worker.terminate()));
process.exit(0);
