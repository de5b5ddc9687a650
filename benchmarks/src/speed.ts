import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runInChild } from './child.js';
import { engineByName, enginesFor } from './engines/registry.js';
import type { Kind } from './engines/types.js';
import { dpbenchInputs, type InputFile, inputFile, officeSpeedInputs, wcxbInputs } from './inputs.js';
import { corpusLabel, now, type ScalingResult, type SpeedResult, writeResult } from './results.js';
import type { ScaleAnswer, SpeedAnswer } from './worker.js';

/** An external tool's own peak when the engine is one (GNU time), else the worker's. */
const peakMb = (a: { maxRssKb: number; childMaxRssKb: number }) =>
  (a.childMaxRssKb > 0 ? a.childMaxRssKb : a.maxRssKb) / 1024;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Pages of a PDF, from poppler's pdfinfo (1 when it cannot tell). */
function pdfPages(path: string): number {
  try {
    const out = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(out)?.[1] ?? 1);
  } catch {
    return 1;
  }
}

export function speedInputs(
  kind: Kind,
  corpus: string,
  limit?: number,
): { files: InputFile[]; units: number; unit: string } {
  if (kind === 'pdf') {
    const files = dpbenchInputs(corpus).slice(0, limit ?? 100);
    return { files, units: files.reduce((n, f) => n + pdfPages(f.path), 0), unit: 'pages' };
  }
  if (kind === 'html') {
    // All 501 pages (135 MB) by default, as issue 4 measures; --limit N for a quick run.
    const files = wcxbInputs(corpus).slice(0, limit);
    const bytes = files.reduce((n, f) => {
      const b = readFileSync(f.path);
      return n + (/\.gz$/.test(f.path) ? gunzipSync(b).length : b.length);
    }, 0);
    return { files, units: bytes / 1e6, unit: 'MB' };
  }
  const files = officeSpeedInputs(corpus).slice(0, limit);
  return { files, units: files.length, unit: 'docs' };
}

/** Per-format docs/s from per-file timings (office). */
function groupFigures(files: InputFile[], a: SpeedAnswer): SpeedResult['groups'] {
  const out: NonNullable<SpeedResult['groups']> = {};
  for (const ext of [...new Set(files.map((f) => f.ext))].sort()) {
    const idx = files.map((f, i) => (f.ext === ext ? i : -1)).filter((i) => i >= 0);
    const passes = a.fileMs.map((per) => idx.reduce((n, i) => n + per[i], 0));
    const errors = idx.filter((i) => a.fileErrors[i]).length;
    const m = median(passes);
    out[ext] = {
      docs: idx.length,
      medianMs: m,
      throughput: errors < idx.length && m > 0 ? idx.length / (m / 1000) : null,
      errors,
    };
  }
  return out;
}

/** Untimed whole passes before the timed ones (born-digital inputs); see runSpeed. */
const WARMUP_PASSES = 3;

export async function runSpeed(
  kind: Kind,
  corpus: string,
  opts: { runs: number; limit?: number; engine?: string },
): Promise<string[]> {
  const { files, units, unit } = speedInputs(kind, corpus, opts.limit);
  const engines = opts.engine
    ? opts.engine.split(',').map((n) => engineByName(n)!)
    : enginesFor(kind, 'speed');
  const written: string[] = [];
  console.log(
    `speed-${kind}: ${files.length} files, ${units.toFixed(2)} ${unit} per pass, ${opts.runs} runs`,
  );
  for (const e of engines) {
    if (!e) throw new Error(`unknown engine ${opts.engine}`);
    const mine = e.accepts ? files.filter((f) => e.accepts!(f.ext)) : files;
    const myUnits = unit === 'docs' ? mine.length : units;
    // distill-ocr, liteparse-ocr and the engine variants (distill-ocr-paddle, ...).
    const ocr = /-ocr(-|$)/.test(e.name);
    const wholePasses = !ocr && kind !== 'office';
    const r: SpeedResult = {
      kind: 'speed',
      // OCR engines read other inputs (scans) at another scale: their own section.
      suite: ocr ? `speed-${kind}-ocr` : `speed-${kind}`,
      engine: e.name,
      version: 'unknown',
      corpus: corpusLabel(corpus),
      date: now(),
      docs: mine.length,
      units: myUnits,
      unit,
      runs: opts.runs,
      medianMs: null,
      throughput: null,
      peakRssMb: null,
      errors: 0,
      status: 'ok',
    };
    try {
      const a = await runInChild<SpeedAnswer>({
        type: 'speed',
        engine: e.name,
        files: mine,
        runs: opts.runs,
        // PDF and HTML: whole passes of warm-up, so the median is of warm passes for every
        // engine alike (distill's V8 compiles for about three passes of 100 pages; a native
        // engine's passes are flat), and the first pass is reported beside it. OCR engines read
        // scans at seconds a page, and office peers are external programs: a few files.
        ...(wholePasses ? { warmup: 0, warmupPasses: WARMUP_PASSES } : { warmup: Math.min(5, mine.length) }),
      });
      r.version = a.version;
      if (a.warmupPassMs.length) {
        r.firstPassMs = a.warmupPassMs[0];
        r.warmupPasses = a.warmupPassMs.length;
      }
      r.medianMs = median(a.passMs);
      r.cpuMs = median(a.passCpuMs);
      r.errors = a.errors;
      r.firstError = a.firstError;
      r.peakRssMb = peakMb(a);
      // A pass where every document failed measures nothing.
      r.throughput = a.errors < mine.length && r.medianMs > 0 ? myUnits / (r.medianMs / 1000) : null;
      if (kind === 'office') {
        // Different engines read different formats, so the overall figure is over the files
        // each one converted without error; compare engines per format.
        r.groups = groupFigures(mine, a);
        const ok = mine.map((_, i) => i).filter((i) => !a.fileErrors[i]);
        const okMs = median(a.fileMs.map((per) => ok.reduce((n, i) => n + per[i], 0)));
        r.throughput = ok.length && okMs > 0 ? ok.length / (okMs / 1000) : null;
      }
    } catch (err) {
      r.status = 'failed';
      r.failure = err instanceof Error ? err.message : String(err);
    }
    written.push(writeResult(r));
    console.log(
      `speed-${kind} ${e.name}: ${r.status} ${r.throughput?.toFixed(2) ?? 'n/a'} ${unit}/s, median ${r.medianMs?.toFixed(0)} ms, peak RSS ${r.peakRssMb?.toFixed(0)} MB, errors ${r.errors}/${r.docs}` +
        (r.cpuMs !== undefined
          ? `, CPU ${(r.cpuMs / 1000 / myUnits).toFixed(2)} s per ${unit.replace(/s$/, '')}`
          : '') +
        (r.firstPassMs !== undefined
          ? `; first pass ${(myUnits / (r.firstPassMs / 1000)).toFixed(2)} ${unit}/s (${(r.firstPassMs / 1000).toFixed(2)} s)`
          : ''),
    );
  }
  return written;
}

// ---------- scaling ----------

/** A PDF of `pages` pages assembled from the corpus's pages with qpdf, in a temp dir. */
function buildPdf(corpus: string, pages: number, dir: string): string {
  const src = dpbenchInputs(corpus).map((f) => f.path);
  const picks: string[] = [];
  for (let i = 0; picks.length < pages; i++) picks.push(src[i % src.length]);
  const out = join(dir, `scale-${pages}p.pdf`);
  execFileSync('qpdf', ['--empty', '--pages', ...picks, '--', out]);
  return out;
}

/** One HTML page of about `mb` MB: the bodies of corpus pages concatenated. */
function buildHtml(corpus: string, mb: number, dir: string): string {
  const files = wcxbInputs(corpus);
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < mb * 1e6; i++) {
    const f = files[i % files.length];
    const raw = readFileSync(f.path);
    const html = (/\.gz$/.test(f.path) ? gunzipSync(raw) : raw).toString('utf8');
    const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
    const clean = body.replace(/<script\b[\s\S]*?<\/script>/gi, '');
    parts.push(`<article>${clean}</article>`);
    size += Buffer.byteLength(clean);
  }
  const out = join(dir, `scale-${mb}mb.html`);
  writeFileSync(
    out,
    `<!doctype html><html><head><meta charset="utf-8"><title>scale</title></head><body>${parts.join('\n')}</body></html>`,
  );
  return out;
}

export async function runScaling(
  kind: 'pdf' | 'html',
  corpus: string,
  opts: { sizes?: number[]; engine?: string; timeoutSec?: number },
): Promise<string[]> {
  // A converter that blocks the event loop cannot be stopped from inside, so each conversion
  // runs under a kill timer in the parent.
  const timeoutSec = opts.timeoutSec ?? 240;
  const sizes = opts.sizes ?? (kind === 'pdf' ? [100, 500] : [2, 5, 10, 20]);
  const dir = mkdtempSync(join(tmpdir(), 'distill-bench-scale-'));
  const written: string[] = [];
  try {
    const inputs = sizes.map((s) =>
      inputFile(kind === 'pdf' ? buildPdf(corpus, s, dir) : buildHtml(corpus, s, dir)),
    );
    const warm = kind === 'pdf' ? dpbenchInputs(corpus)[0] : wcxbInputs(corpus)[0];
    const engines = opts.engine
      ? opts.engine.split(',').map((n) => engineByName(n)!)
      : enginesFor(kind, 'speed');
    for (const e of engines) {
      const r: ScalingResult = {
        kind: 'scaling',
        suite: `scaling-${kind}`,
        engine: e.name,
        version: 'unknown',
        date: now(),
        points: [],
      };
      for (let i = 0; i < sizes.length; i++) {
        try {
          const a = await runInChild<ScaleAnswer>(
            { type: 'scale', engine: e.name, file: inputs[i], warmFile: warm },
            timeoutSec * 1000,
          );
          r.version = a.version;
          r.points.push({
            size: sizes[i],
            unit: kind === 'pdf' ? 'pages' : 'MB',
            ms: a.ms ?? null,
            peakRssMb: peakMb(a),
            error: a.error,
          });
        } catch (err) {
          r.points.push({
            size: sizes[i],
            unit: kind === 'pdf' ? 'pages' : 'MB',
            ms: null,
            peakRssMb: null,
            error: String(err).includes('SIGKILL') ? `timed out after ${timeoutSec} s (killed)` : String(err),
          });
        }
        const p = r.points[r.points.length - 1];
        console.log(
          `scaling-${kind} ${e.name} ${sizes[i]}: ${p.ms?.toFixed(0) ?? 'n/a'} ms, ${p.peakRssMb?.toFixed(0) ?? 'n/a'} MB${p.error ? ` (${p.error.slice(0, 120)})` : ''}`,
        );
      }
      written.push(writeResult(r));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return written;
}
