/**
 * tesseract.js set up several ways, compared in one process under the same load: each scanned
 * dev page is rendered once per resolution (untimed) and read by every variant in turn (the
 * order rotating page by page), one reading at a time on one worker per variant, timed in
 * process CPU seconds (a reading runs on its worker's thread; nothing else runs meanwhile).
 * Prints CPU per page, the ratio to the first variant, and the word F1 against the ground truth
 * (the words of the page's Markdown as a bag), overall and per fold.
 *   pnpm bench dev tesseract-variants [--limit N] [--corpus DIR] [--variants best:200,best:150,...]
 * A variant is `<data>:<dpi>[:psm]`: data `fast` (the fast network this package ships), `best`
 * (the `4.0.0_best_int` LSTM-only data), `full` (`4.0.0`), or a folder holding `eng.traineddata.gz` (`dir=/path`); psm a page segmentation mode.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { foldOf } from '@distill/scorers/folds';
import { languageData } from '../../../packages/ocr/src/index.js';
import { trainedDataDir } from '../../../packages/ocr/src/languages.js';
import { cpuClock } from '../../../packages/ocr/src/paddle/read.js';
import { loadTesseract } from '../../../packages/ocr/src/tesseract.js';
import { openForRender, renderPageAt } from '../../../packages/pdf/src/ocr/render.js';
import { dpbenchInputs, loadInput } from '../inputs.js';
import { scannedCorpus } from '../paths.js';
import { bagF1, words } from './word-f1.js';

const { values } = parseArgs({
  options: { limit: { type: 'string' }, corpus: { type: 'string' }, variants: { type: 'string' } },
});
const corpus = scannedCorpus(values.corpus);
const files = dpbenchInputs(corpus).slice(0, Number(values.limit ?? 20));
const { createWorker, OEM } = loadTesseract();
const eng = languageData('eng');
const dataDir = (d: string) =>
  d === 'fast' || d === 'best' || d === 'full'
    ? trainedDataDir(eng, d === 'best' ? 'lstm' : d)
    : d.replace(/^dir=/, '');

const variants = [];
for (const spec of (values.variants ?? 'best:200,best:150').split(',')) {
  const [data, dpi, psm] = spec.split(':');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: dataDir(data),
    gzip: true,
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: () => {},
  });
  variants.push({ name: spec, dpi: Number(dpi), psm, worker, cpu: 0, f1: [0, 0], n: [0, 0] });
}

const load0 = loadavg()[0];
for (const [p, f] of files.entries()) {
  const bytes = loadInput(f).bytes;
  const shots = new Map<number, { image: Uint8Array; dpi: number }>();
  for (const dpi of new Set(variants.map((v) => v.dpi))) {
    const doc = await openForRender(bytes);
    shots.set(dpi, (await renderPageAt(doc, 1, dpi)).shot);
    await doc.destroy();
  }
  const truth = words(readFileSync(join(corpus, 'ground-truth', `${f.id}.md`), 'utf8'));
  const fold = foldOf(f.id) === 'a' ? 0 : 1;
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(k + p) % variants.length];
    const shot = shots.get(v.dpi)!;
    const params: Record<string, string | boolean> = {
      rotateAuto: false,
      tessedit_do_invert: '0',
      user_defined_dpi: String(Math.round(shot.dpi)),
      debug_file: '/dev/null',
    };
    if (v.psm) params.tessedit_pageseg_mode = v.psm;
    const t0 = cpuClock();
    const r = await v.worker.recognize(Buffer.from(shot.image), params as never, {
      blocks: true,
      text: true,
    });
    v.cpu += cpuClock() - t0;
    v.f1[fold] += bagF1(words(r.data.text), truth);
    v.n[fold]++;
  }
}
const n = files.length;
console.log(
  `tesseract-variants: ${n} scanned dev pages, one worker per variant, CPU s/page ` +
    `(load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)})`,
);
console.log('| variant | CPU s/page | ratio | word F1 | a | b |\n|---|---|---|---|---|---|');
const fmt = (x: number) => x.toFixed(3);
for (const v of variants)
  console.log(
    `| ${v.name} | ${fmt(v.cpu / n / 1000)} | ${fmt(v.cpu / variants[0].cpu)} | ${fmt((v.f1[0] + v.f1[1]) / n)} | ` +
      `${fmt(v.f1[0] / Math.max(1, v.n[0]))} | ${fmt(v.f1[1] / Math.max(1, v.n[1]))} |`,
  );
await Promise.all(variants.map((v) => v.worker.terminate()));
process.exit(0);
