// Where an OCR'd page's time goes, stage by stage, one page at a time on one worker, in process
// CPU seconds (so each figure is that stage's own cost, whatever the load of a shared machine):
//   render     a page that is one scanned image is read from it (ocr/scan-image.ts), else pdf.js
//              draws the page on @napi-rs/canvas and it is read back as a grey PGM
//              (luma, histogram, and background flattening on dark paper: our preprocessing)
//   shrink     the rendering shrunk to the resolution the engine reads at (ocr/read-scale.ts)
//   segment    tesseract binarises the image and finds its blocks and lines, without reading
//              them (page segmentation mode 2, "layout only")
//   recognise  a full tesseract reading (binarise + segment + LSTM), minus `segment`
//   layout     what distill does with the words: kept words, stroke widths for bold, ruling
//              lines found in the pixels, and the page layout analysis
// With --engine native, the `tesseract` command a page (packages/ocr/src/native): every clock
// adds the CPU of the child processes reaped, and `segment` is a run of the command with page
// segmentation mode 2 on the same image and data.
// With --engine paddle, the engine's part is split as the paddle worker times it (detection's
// input, model and line finding; recognition's line cutting, model, decoding and word boxes).
// The pages are the scanned dev pages (scripts/make-ocr-corpus.sh), the first --limit of them.
//   pnpm bench ocr-stages [--engine tesseract|native|paddle] [--corpus DIR] [--limit N] [--dpi N] [--read-dpi N]
// The trained data follows DISTILL_OCR_MODEL (packages/ocr/src/settings.ts): run two of these
// side by side, one per setting, to compare them under the same load.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { languageData, type OcrEngine, OcrPool } from '../../packages/ocr/src/index.js';
import { trainedDataDir } from '../../packages/ocr/src/languages.js';
import { nativeTesseract } from '../../packages/ocr/src/native/reader.js';
import { pgmSize } from '../../packages/ocr/src/native/rotate.js';
import { nativeTessdataDir } from '../../packages/ocr/src/native/tessdata.js';
import { greyTiffHeader } from '../../packages/ocr/src/native/tiff.js';
import { PaddlePool } from '../../packages/ocr/src/paddle/pool.js';
import { cpuClock as ownCpuClock } from '../../packages/ocr/src/paddle/read.js';
import { envOcrModel } from '../../packages/ocr/src/settings.js';
import { loadTesseract } from '../../packages/ocr/src/tesseract.js';
import { analyzePage } from '../../packages/pdf/src/layout/analyze.js';
import { wordStrokes } from '../../packages/pdf/src/ocr/bold.js';
import { PageSource } from '../../packages/pdf/src/ocr/page-source.js';
import { readingImage, scaleReading } from '../../packages/pdf/src/ocr/read-scale.js';
import { PAGE_DPI } from '../../packages/pdf/src/ocr/render.js';
import { findImageLines } from '../../packages/pdf/src/ocr/rules.js';
import { ocrPageInput } from '../../packages/pdf/src/ocr/runs.js';
import { childCpuMs } from './child-cpu.js';
import { dpbenchInputs, loadInput } from './inputs.js';
import { scannedCorpus } from './paths.js';

const { values } = parseArgs({
  options: {
    corpus: { type: 'string' },
    limit: { type: 'string' },
    dpi: { type: 'string' },
    'read-dpi': { type: 'string' },
    engine: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(
    'pnpm bench ocr-stages [--engine tesseract|paddle] [--corpus DIR] [--limit N (default 20)] [--dpi N] [--read-dpi N]\n' +
      '  per-page time of rendering, the engine by stage, and layout, one worker',
  );
  process.exit(0);
}

const files = dpbenchInputs(scannedCorpus(values.corpus)).slice(0, Number(values.limit ?? 20));
const dpi = Number(values.dpi ?? PAGE_DPI);
const readDpi = Number(values['read-dpi'] ?? dpi);
const engineName = values.engine ?? 'tesseract';
if (engineName !== 'tesseract' && engineName !== 'native' && engineName !== 'paddle')
  throw new Error(`unknown engine ${engineName}`);
const native = engineName === 'native';
// The native engine's pages are read by child processes: their CPU counts with ours.
const cpuClock = native ? () => ownCpuClock() + childCpuMs() : ownCpuClock;
const paddle = engineName === 'paddle' ? new PaddlePool({ size: 1, cpuClock: true }) : undefined;
const pool: OcrEngine = paddle ?? new OcrPool({ size: 1, native });
const t0 = performance.now();
const c0 = cpuClock();
await pool.recognize(new Uint8Array(Buffer.from('P5\n1 1\n255\n\xff', 'latin1')));
const startMs = performance.now() - t0;
const startCpuMs = cpuClock() - c0;
// Segmentation alone, on a tesseract worker of its own set up as the pool's are (the same
// trained data folder: DISTILL_OCR_MODEL).
const segmenter = await (async () => {
  if (paddle || native) return undefined;
  const { createWorker, OEM } = loadTesseract();
  const lang = languageData('eng');
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: trainedDataDir(lang, envOcrModel()),
    gzip: lang.gzip,
    cacheMethod: 'none',
    logger: () => {},
    errorHandler: () => {},
  });
})();
const nativeTessdata = native ? nativeTessdataDir([languageData('eng')]) : undefined;
// The image goes to the command as the reader hands it over (native/reader.ts): a TIFF file.
const segmentDir = native ? mkdtempSync(join(tmpdir(), 'distill-ocr-stages-')) : undefined;
const nativeSegment = (image: Uint8Array, at: number) => {
  const size = pgmSize(image);
  const file = join(segmentDir ?? tmpdir(), 'page');
  writeFileSync(
    file,
    size
      ? Buffer.concat([
          greyTiffHeader(size.width, size.height, at),
          image.subarray(size.offset, size.offset + size.width * size.height),
        ])
      : image,
  );
  return spawnSync(
    nativeTesseract() ?? 'tesseract',
    // Mode 2: tesseract's page layout only (binarise, blocks, lines), no recognition.
    [
      file,
      'stdout',
      '--tessdata-dir',
      nativeTessdata ?? '',
      '-l',
      'eng',
      '--psm',
      '2',
      '--dpi',
      String(Math.round(at)),
    ],
    { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['ignore', 'ignore', 'ignore'] },
  );
};
const segmentOnly = async (image: Uint8Array, at: number) =>
  native
    ? nativeSegment(image, at)
    : segmenter?.recognize(
        Buffer.from(image.buffer, image.byteOffset, image.byteLength),
        {
          tessedit_pageseg_mode: '2',
          tessedit_do_invert: '0',
          user_defined_dpi: String(Math.round(at)),
          debug_file: '/dev/null',
        } as never,
        // Only the layout: tesseract.js then runs AnalyseLayout (binarise, find blocks and lines)
        // and no recognition.
        { layoutBlocks: true, blocks: false, text: false, hocr: false, tsv: false },
      );

// Loading pdf.js and the canvas is start-up, not a page's cost: one page is rendered untimed.
const t1 = performance.now();
{
  const doc = await PageSource.open(loadInput(files[0]).bytes);
  await doc.render(1, dpi);
  await doc.close();
}
const renderStartMs = performance.now() - t1;

const stages = { render: 0, shrink: 0, segment: 0, read: 0, layout: 0 };
let probes = 0;
let fromImage = 0;
let turned = 0;
const load0 = loadavg()[0];
for (const f of files) {
  const bytes = loadInput(f).bytes;
  let t = cpuClock();
  const doc = await PageSource.open(bytes);
  const rendered = await doc.render(1, dpi);
  const shot = rendered.shot;
  if (rendered.fromImage) fromImage++;
  stages.render += cpuClock() - t;

  t = cpuClock();
  const header = shot.image.length - shot.widthPx * shot.heightPx;
  const reading = readingImage(shot.image, header, shot.widthPx, shot.heightPx, shot.dpi, readDpi);
  stages.shrink += cpuClock() - t;

  t = cpuClock();
  if (segmenter || native) await segmentOnly(reading.image, reading.dpi);
  stages.segment += segmenter || native ? cpuClock() - t : Number.NaN;

  // As the PDF parser reads a page: turned probes (rendered by the callback, their rendering
  // timed apart and taken off the reading) when the upright reading is poor.
  t = cpuClock();
  let probeMs = 0;
  const read = await pool.recognizeOriented(
    reading.image,
    async (deg, probe) => {
      const p0 = cpuClock();
      probes++;
      const at = probe ? Math.min(reading.dpi, 150) : reading.dpi;
      const turned = { image: (await doc.render(1, at, deg, true)).shot.image, dpi: at };
      probeMs += cpuClock() - p0;
      return turned;
    },
    { dpi: reading.dpi },
  );
  await doc.close();
  stages.read += cpuClock() - t - probeMs;
  stages.render += probeMs;
  if (read.orientation !== 0) turned++;

  t = cpuClock();
  const ocr = scaleReading(read, reading.scale);
  const frame = { widthPx: shot.widthPx, heightPx: shot.heightPx, dpi: shot.dpi };
  const strokes = wordStrokes(ocr.words, shot.image, shot.widthPx, shot.heightPx, Math.round(shot.dpi / 75));
  const { input } = ocrPageInput(1, ocr, frame, strokes);
  const found = findImageLines(shot.image, header, shot.widthPx, shot.heightPx, shot.dpi, 72 / shot.dpi);
  input.rules = found.rules;
  input.rects = found.rects;
  analyzePage(input);
  stages.layout += cpuClock() - t;
}
await pool.close();
await segmenter?.terminate();
if (segmentDir) rmSync(segmentDir, { recursive: true, force: true });

const n = files.length;
const per = (ms: number) => `${(ms / n / 1000).toFixed(3)} s`;
const segment = stages.segment;
const recognise = stages.read - (Number.isNaN(segment) ? 0 : segment);
const total = stages.render + stages.shrink + stages.read + stages.layout;
const knobs = ['DISTILL_OCR_MODEL', 'DISTILL_OCR_SCAN_IMAGES']
  .map((k) => `${k}=${process.env[k] ?? '(default)'}`)
  .join(' ');
console.log(
  `ocr-stages ${engineName} [${knobs}], ${n} scanned dev pages rendered at ${dpi} dpi, read at ${Math.min(dpi, readDpi)}, one worker ` +
    `(load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores):`,
);
console.log('| stage | CPU s/page | share |\n|---|---|---|');
const row = (name: string, ms: number) =>
  console.log(`| ${name} | ${per(ms)} | ${((100 * ms) / total).toFixed(0)}% |`);
row('render (the scan image read directly, else pdf.js → canvas; grey PGM, preprocessing)', stages.render);
row('shrink to the reading resolution', stages.shrink);
if (!Number.isNaN(segment)) row('engine: binarise + segment', segment);
if (paddle) {
  const t = paddle.times;
  const model = t.detPrep + t.detModel + t.detPost + t.recPrep + t.recModel + t.words;
  row('engine: detection input (scale, normalise)', t.detPrep);
  row('engine: detection model', t.detModel);
  row('engine: detection lines (DB post-processing)', t.detPost);
  row('engine: recognition input (cut lines, 48 px)', t.recPrep);
  row('engine: recognition model', t.recModel);
  row('engine: CTC decoding, words, ink boxes', t.words);
  row('engine: messaging, queueing (reading − the above)', recognise - model);
  console.log(`| lines read | ${(t.lines / n).toFixed(1)} a page | |`);
} else
  row(Number.isNaN(segment) ? 'engine: read the page' : 'engine: recognise (reading − segment)', recognise);
row('layout (words, bold, rules, page analysis)', stages.layout);
console.log(`| total | ${per(total)} | |`);
console.log(
  `orientation probes: ${probes} turned renderings read on ${n} pages; ${turned} pages read turned; ` +
    `${fromImage} pages read from their scanned image without pdf.js (DISTILL_OCR_SCAN_IMAGES=0: none)`,
);
console.log(
  `start-up, apart: engine (one worker, first call) ${(startMs / 1000).toFixed(2)} s (${(startCpuMs / 1000).toFixed(2)} CPU s), ` +
    `renderer (pdf.js and canvas loaded, first page) ${(renderStartMs / 1000).toFixed(2)} s`,
);
process.exit(0);
