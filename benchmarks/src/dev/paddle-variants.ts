/**
 * The paddle engine's reading set up several ways, compared in one process under the same load:
 * each scanned dev page (rendered once, untimed) read by every variant in turn, one reading at
 * a time on one onnxruntime thread, timed in process CPU seconds (not wall: the machine is
 * shared, and CPU time is what a page costs whatever the load). Prints each variant's CPU per
 * page, its ratio to the first, and its word F1 against the ground truth (the words of the
 * page's Markdown, markup stripped, as a bag), overall and per fold (as `pnpm bench quality
 * --fold` splits them).
 *   pnpm bench dev paddle-variants [--limit N] [--corpus DIR] [--variants b1:960,b8:960,...]
 * A variant is `b<batch>:<detection side>`: lines per recognition run, and the detector
 * input's longer side.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { foldOf } from '@distill/scorers/folds';
import { paddleModels } from '../../../packages/ocr/src/paddle/models.js';
import {
  cpuClock,
  noTimes,
  openSessions,
  type ReadTimes,
  readPage,
} from '../../../packages/ocr/src/paddle/read.js';
import { openForRender, PAGE_DPI, renderPageAt } from '../../../packages/pdf/src/ocr/render.js';
import { dpbenchInputs, loadInput } from '../inputs.js';
import { scannedCorpus } from '../paths.js';
import { bagF1, words } from './word-f1.js';

const { values } = parseArgs({
  options: { limit: { type: 'string' }, corpus: { type: 'string' }, variants: { type: 'string' } },
});
const corpus = scannedCorpus(values.corpus);
const files = dpbenchInputs(corpus).slice(0, Number(values.limit ?? 20));
const variants = (values.variants ?? 'b1:960,b8:960').split(',').map((v) => {
  const m = /^b(\d+):(\d+)$/.exec(v);
  if (!m) throw new Error(`variant ${v}: expected b<batch>:<side>`);
  return {
    name: v,
    batch: Number(m[1]),
    detSide: Number(m[2]),
    cpu: 0,
    times: noTimes(),
    f1: [0, 0],
    n: [0, 0],
  };
});

const sessions = await openSessions(paddleModels(), 1);
const load0 = loadavg()[0];
for (const [p, f] of files.entries()) {
  const doc = await openForRender(loadInput(f).bytes);
  const { shot } = await renderPageAt(doc, 1, PAGE_DPI);
  await doc.destroy();
  const id = f.id;
  const truth = words(readFileSync(join(corpus, 'ground-truth', `${id}.md`), 'utf8'));
  const fold = foldOf(id) === 'a' ? 0 : 1;
  // The order rotates page by page, so no variant always runs first (caches, load).
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(k + p) % variants.length];
    const t0 = cpuClock();
    const lines = await readPage(sessions, shot.image, shot.dpi, v.times, {
      batch: v.batch,
      detSide: v.detSide,
    });
    v.cpu += cpuClock() - t0;
    v.f1[fold] += bagF1(words(lines.map((l) => l.words.map((w) => w.text).join(' ')).join('\n')), truth);
    v.n[fold]++;
  }
}
const n = files.length;
console.log(
  `paddle-variants: ${n} scanned dev pages at ${PAGE_DPI} dpi, one thread, CPU s/page ` +
    `(load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)})`,
);
console.log(
  '| variant | CPU s/page | ratio | rec model | det model | word F1 | a | b |\n|---|---|---|---|---|---|---|---|',
);
const fmt = (x: number) => x.toFixed(3);
const share = (t: ReadTimes, k: keyof ReadTimes) =>
  `${((100 * t[k]) / (t.detPrep + t.detModel + t.detPost + t.recPrep + t.recModel + t.words)).toFixed(0)}%`;
for (const v of variants)
  console.log(
    `| ${v.name} | ${fmt(v.cpu / n / 1000)} | ${fmt(v.cpu / variants[0].cpu)} | ${share(v.times, 'recModel')} | ${share(v.times, 'detModel')} | ` +
      `${fmt((v.f1[0] + v.f1[1]) / n)} | ${fmt(v.f1[0] / Math.max(1, v.n[0]))} | ${fmt(v.f1[1] / Math.max(1, v.n[1]))} |`,
  );
process.exit(0);
