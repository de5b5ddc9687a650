import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { inspect } from '@distill/inspect';
import { BENCH_DIR, CORPORA, DEFAULT_CORPUS, REPO_ROOT } from './paths.js';
import {
  type AnyResult,
  type Num,
  type QualityResult,
  readResults,
  type ScalingResult,
  type SpeedResult,
} from './results.js';
import { barChart } from './svg.js';
import { lineChart } from './svg-line.js';

/** Where `pnpm bench report --html` writes: a folder, since worst documents get their own pages. */
export const HTML_REPORT_DIR = resolve(BENCH_DIR, 'report');

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (v: Num | undefined, d = 3) => (typeof v === 'number' ? v.toFixed(d) : '–');
const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]+/g, '_');
const distillFirst = <T extends { engine: string }>(rs: T[]) =>
  [...rs].sort((a, b) =>
    a.engine === 'distill' ? -1 : b.engine === 'distill' ? 1 : a.engine.localeCompare(b.engine),
  );

/** Each quality suite's headline metrics (the first drives the chart) and its per-document score. */
const QUALITY: Record<string, { metrics: string[]; doc: (d: Record<string, unknown>) => number | null }> = {
  'pdf-dpbench': { metrics: ['overall', 'nid', 'teds', 'mhs'], doc: (d) => (d.overall as number) ?? null },
  'pdf-icdar': {
    metrics: ['micro_f1', 'micro_precision', 'micro_recall', 'macro_f1'],
    doc: (d) => {
      const p = Number(d.predicted) + Number(d.truth);
      return p > 0 ? (2 * Number(d.shared)) / p : null;
    },
  },
  'html-wcxb': { metrics: ['f1', 'precision', 'recall'], doc: (d) => (d.f1 as number) ?? null },
  'html-trafilatura': {
    metrics: ['f1', 'precision', 'recall', 'accuracy'],
    doc: (d) => {
      const n = Number(d.tp) + Number(d.fn) + Number(d.fp) + Number(d.tn);
      return n > 0 ? (Number(d.tp) + Number(d.tn)) / n : null;
    },
  },
  'office-vectors': {
    metrics: ['vectors_pass_rate', 'docling_nid', 'sheet_cell_recall', 'sheet_cell_precision'],
    doc: (d) =>
      typeof d.vectorsTotal === 'number' && d.vectorsTotal > 0
        ? Number(d.vectorsPassed) / d.vectorsTotal
        : null,
  },
};

/** The input file of a corpus document, from the layout each suite reads. */
function sourceOf(suite: string, id: string): string | undefined {
  const dir = resolve(CORPORA, DEFAULT_CORPUS[suite] ?? '');
  const candidates: Record<string, string[]> = {
    'pdf-dpbench': [join(dir, 'pdfs', `${id}.pdf`)],
    'pdf-icdar': [join(dir, `${id}.pdf`)],
    'html-wcxb': [join(dir, 'html', `${id}.html.gz`), join(dir, 'html', `${id}.html`)],
    'html-trafilatura': [join(dir, 'html', `${id}.html.gz`), join(dir, 'html', `${id}.html`)],
    'office-vectors': [join(dir, id)],
  };
  return (candidates[suite] ?? []).find((p) => existsSync(p));
}

interface Section {
  id: string;
  title: string;
  html: string;
}

/** A chart beside the table it draws and the command that made the figures. */
function pair(chart: string, head: string[], rows: (string | number)[][], command: string): string {
  const t = `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${esc(String(c))}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
  return `<div class="pair"><figure>${chart}</figure><div>${t}<p class="cmd"><code>${esc(command)}</code></p></div></div>`;
}

async function worstDocs(r: QualityResult, n: number, outDir: string, makePages: boolean): Promise<string> {
  const spec = QUALITY[r.suite];
  const scored = (r.perDocument ?? [])
    .map((d) => ({ id: String(d.id), score: spec.doc(d) }))
    .filter(
      (d): d is { id: string; score: number } => typeof d.score === 'number' && Number.isFinite(d.score),
    )
    .sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
    .slice(0, n);
  if (scored.length === 0) return '';
  const rows: string[] = [];
  for (const d of scored) {
    let cell = 'corpus not here';
    const src = sourceOf(r.suite, d.id);
    if (src && makePages) {
      const rel = join('inspect', r.suite, `${safe(d.id)}.html`);
      try {
        const { html } = await inspect(src, {}, { file: d.id });
        mkdirSync(join(outDir, 'inspect', r.suite), { recursive: true });
        writeFileSync(join(outDir, rel), html);
        cell = `<a href="${esc(rel)}">inspector</a>`;
      } catch (e) {
        cell = esc(`could not inspect: ${(e as Error).message.slice(0, 80)}`);
      }
    } else if (src) cell = 'inspector pages off';
    rows.push(`<tr><td>${esc(d.id)}</td><td>${d.score.toFixed(3)}</td><td>${cell}</td></tr>`);
  }
  return `<h3>Worst ${scored.length} documents for ${esc(r.engine)}</h3>
<table><thead><tr><th>document</th><th>score</th><th>what distill saw</th></tr></thead><tbody>${rows.join('')}</tbody></table>
<p class="cmd"><code>pnpm bench quality ${esc(r.suite)} --engine ${esc(r.engine)} --worst ${n}</code></p>`;
}

async function qualitySection(suite: string, rs: QualityResult[], opts: HtmlReportOptions): Promise<Section> {
  const spec = QUALITY[suite] ?? { metrics: Object.keys(rs[0]?.metrics ?? {}).slice(0, 4), doc: () => null };
  const sorted = distillFirst(rs.filter((r) => r.status === 'ok'));
  const main = spec.metrics[0];
  const chart = barChart(
    `${suite}: ${main} (higher is better)`,
    [main],
    sorted.map((r) => ({
      label: r.engine,
      values: [r.metrics[main] ?? null],
      highlight: r.engine.startsWith('distill'),
    })),
    { max: 1 },
  );
  let html = pair(
    chart,
    ['engine', 'source', 'docs', ...spec.metrics, 'errors'],
    sorted.map((r) => [r.engine, r.source, r.docs, ...spec.metrics.map((m) => num(r.metrics[m])), r.errors]),
    `pnpm bench quality ${suite}`,
  );
  // Per document class: the groups that are not folds (page types, subsets, file formats).
  const classes = [
    ...new Set(sorted.flatMap((r) => Object.keys(r.groups ?? {}).filter((g) => !g.startsWith('fold')))),
  ].sort();
  if (classes.length) {
    const withGroups = sorted.filter((r) => r.groups && Object.keys(r.groups).length).slice(0, 6);
    const metric = (g: Record<string, Num>) =>
      g[main] ?? Object.values(g).find((v) => typeof v === 'number') ?? null;
    html += `<h3>By document class</h3>${pair(
      barChart(
        `${suite}: ${main} per class`,
        withGroups.map((r) => r.engine),
        classes.map((c) => ({
          label: c,
          values: withGroups.map((r) => (r.groups?.[c] ? metric(r.groups[c]) : null)),
        })),
        { max: 1 },
      ),
      ['class', ...withGroups.map((r) => r.engine)],
      classes.map((c) => [c, ...withGroups.map((r) => num(r.groups?.[c] ? metric(r.groups[c]) : null))]),
      `pnpm bench quality ${suite}`,
    )}`;
  }
  const d = sorted.find((r) => r.engine === 'distill');
  if (d && opts.worst > 0) html += await worstDocs(d, opts.worst, opts.outDir, opts.inspect);
  return { id: `quality-${suite}`, title: `Quality: ${suite}`, html };
}

function speedSection(suite: string, rs: SpeedResult[]): Section {
  const sorted = distillFirst(rs.filter((r) => r.status === 'ok'));
  const unit = sorted[0]?.unit ?? 'docs';
  const kind = suite.replace(/^speed-/, '').replace(/-ocr$/, '');
  const command = `pnpm bench speed ${kind} --no-scaling${suite.endsWith('-ocr') ? ' --engine distill-ocr' : ''}`;
  const rows = sorted.map((r) => [
    r.engine,
    r.version,
    num(r.throughput, 1),
    r.medianMs === null ? '–' : (r.medianMs / 1000).toFixed(2),
    num(r.peakRssMb, 0),
    r.errors,
  ]);
  const head = ['engine', 'version', `${unit}/s`, 'median pass s', 'peak RSS MB', 'errors'];
  const hl = (r: SpeedResult) => r.engine.startsWith('distill');
  const html =
    pair(
      barChart(
        `${suite}: ${unit} per second (higher is better)`,
        [`${unit}/s`],
        sorted.map((r) => ({ label: r.engine, values: [r.throughput], highlight: hl(r) })),
      ),
      head,
      rows,
      command,
    ) +
    pair(
      barChart(
        `${suite}: peak memory, MB (lower is better)`,
        ['peak RSS'],
        sorted.map((r) => ({ label: r.engine, values: [r.peakRssMb], highlight: hl(r) })),
        { unit: 'MB' },
      ),
      ['engine', 'peak RSS MB'],
      sorted.map((r) => [r.engine, num(r.peakRssMb, 0)]),
      command,
    );
  return { id: suite, title: `Speed and memory: ${suite}`, html };
}

function scalingSection(suite: string, rs: ScalingResult[]): Section {
  const sorted = distillFirst(rs);
  const unit = sorted[0]?.points[0]?.unit ?? 'size';
  const sizes = [...new Set(sorted.flatMap((r) => r.points.map((p) => p.size)))].sort((a, b) => a - b);
  const at = (r: ScalingResult, s: number) => r.points.find((p) => p.size === s);
  const command = `pnpm bench speed ${suite.replace(/^scaling-/, '')} --scaling-only`;
  const lines = (get: (p: ScalingResult['points'][number]) => number | null) =>
    sorted.map((r) => ({
      label: r.engine,
      highlight: r.engine === 'distill',
      points: r.points.map((p) => ({ x: p.size, y: get(p) })),
    }));
  const html =
    pair(
      lineChart(
        `${suite}: seconds by input size`,
        lines((p) => (p.ms === null ? null : p.ms / 1000)),
        {
          xUnit: unit,
          yUnit: 'seconds',
        },
      ),
      ['engine', ...sizes.map((s) => `${s} ${unit}`)],
      sorted.map((r) => [
        r.engine,
        ...sizes.map((s) => (at(r, s)?.ms != null ? (at(r, s)!.ms! / 1000).toFixed(2) : '–')),
      ]),
      command,
    ) +
    pair(
      lineChart(
        `${suite}: peak memory by input size`,
        lines((p) => p.peakRssMb),
        { xUnit: unit, yUnit: 'MB' },
      ),
      ['engine', ...sizes.map((s) => `${s} ${unit}`)],
      sorted.map((r) => [r.engine, ...sizes.map((s) => num(at(r, s)?.peakRssMb, 0))]),
      command,
    );
  return { id: suite, title: `Scaling: ${suite}`, html };
}

const CSS = `
body{margin:0;font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1e293b;background:#f8fafc}
header{padding:14px 20px;background:#0f172a;color:#e2e8f0}header h1{margin:0 0 4px;font-size:20px}
nav{padding:8px 20px;background:#e2e8f0;display:flex;flex-wrap:wrap;gap:4px 14px}nav a{color:#1d4ed8}
section{padding:6px 20px 18px;border-bottom:1px solid #e2e8f0}
.pair{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start;margin:10px 0}
figure{margin:0}svg{max-width:100%;height:auto;border:1px solid #e2e8f0}
table{border-collapse:collapse;font-size:13px;background:#fff}th,td{border:1px solid #cbd5e1;padding:3px 8px;text-align:left}
th{background:#f1f5f9}.cmd code{background:#0f172a;color:#e2e8f0;padding:2px 6px;border-radius:4px}
`;

export interface HtmlReportOptions {
  outDir: string;
  /** Worst documents listed per quality suite (distill's), each with an inspector page. */
  worst: number;
  /** Generate the inspector pages (needs the corpora); off lists the documents only. */
  inspect: boolean;
}

/**
 * `pnpm bench report --html`: one page from benchmarks/results/*.json with a chart beside
 * each table (quality per suite and per document class, speed and peak memory per engine,
 * scaling curves) and the command that produced it; the worst documents of each quality suite
 * link to inspector pages written beside it. Self-contained: inline SVG and CSS, no script.
 */
export async function writeHtmlReport(opts: Partial<HtmlReportOptions> = {}): Promise<string> {
  const o: HtmlReportOptions = { outDir: HTML_REPORT_DIR, worst: 5, inspect: true, ...opts };
  rmSync(join(o.outDir, 'inspect'), { recursive: true, force: true });
  mkdirSync(o.outDir, { recursive: true });
  const all: AnyResult[] = readResults();
  const by = <T extends AnyResult>(suite: string) => all.filter((r) => r.suite === suite) as T[];
  const sections: Section[] = [];
  for (const s of Object.keys(QUALITY))
    if (by(s).length) sections.push(await qualitySection(s, by<QualityResult>(s), o));
  for (const s of ['speed-pdf', 'speed-pdf-ocr', 'speed-html', 'speed-office'])
    if (by(s).length) sections.push(speedSection(s, by<SpeedResult>(s)));
  for (const s of ['scaling-pdf', 'scaling-html'])
    if (by(s).length) sections.push(scalingSection(s, by<ScalingResult>(s)));
  const dates = all
    .map((r) => r.date)
    .filter(Boolean)
    .sort();
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>distill benchmarks</title><style>${CSS}</style></head><body>
<header><h1>distill benchmarks</h1><div>From ${all.length} result files in <code>${esc(relative(REPO_ROOT, join(BENCH_DIR, 'results')))}</code>, run between ${esc(dates[0]?.slice(0, 10) ?? '?')} and ${esc(dates[dates.length - 1]?.slice(0, 10) ?? '?')}. Rebuilt with <code>pnpm bench report --html</code>; the Markdown report is <code>benchmarks/REPORT.md</code>. Speed depends on the machine and its load.</div></header>
<nav>${sections.map((s) => `<a href="#${s.id}">${esc(s.title)}</a>`).join('')}</nav>
${sections.map((s) => `<section id="${s.id}"><h2>${esc(s.title)}</h2>${s.html}</section>`).join('\n')}
</body></html>
`;
  const path = join(o.outDir, 'index.html');
  writeFileSync(path, html);
  return path;
}
