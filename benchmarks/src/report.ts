import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { REPORT_PATH, RESULTS_DIR } from './paths.js';
import {
  type AnyResult,
  type Num,
  type QualityResult,
  readResults,
  type ScalingResult,
  type SpeedResult,
} from './results.js';
import { METRICS, type Metric } from './scorers/dpbench.js';
import { barChart } from './svg.js';
import {
  compareWithReference,
  GT_REVISED_AFTER,
  loadReference,
  REFERENCE_ENGINES,
  REFERENCE_SOURCE,
} from './validation.js';

const f3 = (v: Num | undefined) => (typeof v === 'number' ? v.toFixed(3) : '–');
const f1 = (v: Num | undefined) => (typeof v === 'number' ? v.toFixed(1) : '–');
const ratio = (a: Num | undefined, b: Num | undefined) =>
  typeof a === 'number' && typeof b === 'number' && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a';

/** distill's main figure, or null when it failed on every document (no parser registered yet). */
function distillMain<T extends { engine: string; errors: number; docs: number; status: string }>(
  rs: T[],
  get: (r: T) => Num | undefined,
): Num {
  const d = rs.find((r) => r.engine === 'distill');
  if (!d || d.status !== 'ok' || (d.docs > 0 && d.errors >= d.docs)) return null;
  return get(d) ?? null;
}

/** Versions of the tools whose outputs the dpbench corpus ships (corpora README). */
const PUBLISHED_VERSIONS: Record<string, string> = {
  docling: 'docling 2.65',
  marker: 'marker 1.10',
  mineru: 'mineru 2.7',
  pymupdf4llm: 'pymupdf4llm 0.2',
  markitdown: 'markitdown 0.1.4',
  opendataloader: 'opendataloader 2.1',
  'opendataloader-hybrid': 'opendataloader-hybrid 2.2',
};
/** Published full-set (200 pages) overall means from the corpora README, for context. */
const PUBLISHED_OVERALL: Record<string, number> = {
  'opendataloader-hybrid': 0.907,
  docling: 0.877,
  liteparse: 0.873,
  marker: 0.861,
  opendataloader: 0.839,
  mineru: 0.831,
  pymupdf4llm: 0.732,
  markitdown: 0.583,
};
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const cleanErr = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 160);

function errCell(r: {
  errors: number;
  docs: number;
  sampleErrors?: string[];
  firstError?: string;
  status: string;
  failure?: string;
}): string {
  if (r.status === 'failed') return `**failed**: ${cleanErr(r.failure ?? '')}`;
  if (!r.errors) return '0';
  const first = r.sampleErrors?.[0] ?? r.firstError;
  return `${r.errors}/${r.docs}${first ? ` (${cleanErr(first)})` : ''}`;
}

function writeSvg(name: string, svg: string): string {
  writeFileSync(join(RESULTS_DIR, name), svg);
  return `results/${name}`;
}

const sortDistillFirst = <T extends { engine: string }>(rs: T[]) =>
  [...rs].sort((a, b) =>
    a.engine === 'distill' ? -1 : b.engine === 'distill' ? 1 : a.engine.localeCompare(b.engine),
  );

function dpbenchSection(rs: QualityResult[]): string[] {
  const out: string[] = ['## Quality: pdf-dpbench', ''];
  const dOverall = distillMain(rs, (r) => r.metrics.overall);
  out.push(
    "Scores in 0..1, means over documents of each non-null metric (opendataloader-bench). *published* rows score the corpus's committed outputs of that tool; *live* rows ran here.",
    '',
  );
  out.push(
    row([
      'engine',
      'source',
      'version',
      'overall',
      'NID',
      'NID-S',
      'TEDS',
      'TEDS-S',
      'MHS',
      'MHS-S',
      'docs',
      'errors',
      'published overall (200 pages)',
      'distill ÷ engine (overall)',
    ]),
  );
  out.push(row(Array(14).fill('---')));
  const sorted = sortDistillFirst(rs).sort((a, b) =>
    a.engine === 'distill'
      ? -1
      : b.engine === 'distill'
        ? 1
        : (b.metrics.overall ?? -1) - (a.metrics.overall ?? -1),
  );
  for (const r of sorted) {
    const m = r.metrics;
    out.push(
      row([
        r.engine === 'distill' ? '**distill**' : r.engine,
        r.source,
        r.source === 'published' ? (PUBLISHED_VERSIONS[r.engine] ?? r.version) : r.version,
        f3(m.overall),
        f3(m.nid),
        f3(m.nid_s),
        f3(m.teds),
        f3(m.teds_s),
        f3(m.mhs),
        f3(m.mhs_s),
        r.docs,
        errCell(r),
        PUBLISHED_OVERALL[r.engine]?.toFixed(3) ?? '–',
        r.engine === 'distill' ? '—' : ratio(dOverall, m.overall),
      ]),
    );
  }
  const svg = writeSvg(
    'pdf-dpbench.svg',
    barChart(
      'pdf-dpbench (higher is better)',
      ['overall', 'NID', 'TEDS', 'MHS'],
      sorted.map((r) => ({
        label: `${r.engine}${r.source === 'published' ? ' (pub.)' : ''}`,
        values: [r.metrics.overall, r.metrics.nid, r.metrics.teds, r.metrics.mhs].map((v) => v ?? null),
        highlight: r.engine === 'distill',
      })),
      { max: 1 },
    ),
  );
  out.push('', `![pdf-dpbench chart](${svg})`, '');

  // Scorer validation against the reference implementation's own per-document numbers.
  out.push('### Scorer validation against opendataloader-bench', '');
  out.push(
    'Our scorer run on the committed predictions, compared metric by metric (overall, NID, NID-S, TEDS, TEDS-S, MHS, MHS-S) with the per-document results the reference repository published for the same predictions.',
    '',
  );
  out.push(
    row([
      'engine',
      'reference file',
      'documents compared',
      'identical on all 7 metrics (abs. diff ≤ 1e-12)',
      'largest abs. diff',
      'skipped',
    ]),
  );
  out.push(row(Array(6).fill('---')));
  const details: string[] = [];
  for (const e of REFERENCE_ENGINES) {
    const r = rs.find((x) => x.engine === e && x.perDocument);
    if (!r) continue;
    const ours = new Map(r.perDocument!.map((p) => [p.id as string, p as unknown as Record<Metric, Num>]));
    const c = compareWithReference(e, ours);
    const skipped = c.skipped
      ? `${c.skipped} (ground truth revised after the reference run: ${GT_REVISED_AFTER[e].join(', ')})`
      : '0';
    out.push(row([e, REFERENCE_SOURCE[e], c.compared, c.equal, c.maxAbsDiff.toExponential(1), skipped]));
    const ref = loadReference(e);
    details.push(`<details><summary>${e}: per-document scores, ours vs reference</summary>`, '');
    details.push(row(['document', ...METRICS.map((m) => `${m} ours / ref`)]));
    details.push(row(Array(METRICS.length + 1).fill('---')));
    for (const [id, rr] of ref) {
      const o = ours.get(id);
      if (!o) continue;
      details.push(row([id, ...METRICS.map((m) => `${f3(o[m])} / ${f3(rr[m])}`)]));
    }
    details.push('', '</details>', '');
  }
  out.push('', ...details);
  return out;
}

function wcxbSection(rs: QualityResult[]): string[] {
  const out: string[] = ['## Quality: html-wcxb', ''];
  const dF1 = distillMain(rs, (r) => r.metrics.f1);
  const types = [...new Set(rs.flatMap((r) => Object.keys(r.groups ?? {})))].sort();
  out.push('Word-level precision / recall / F1 of main content, averaged over pages; F1 per page type.', '');
  out.push(
    row([
      'engine',
      'version',
      'P',
      'R',
      'F1',
      ...types.map((t) => `F1 ${t}`),
      'pages',
      'errors',
      'distill ÷ engine (F1)',
    ]),
  );
  out.push(row(Array(7 + types.length).fill('---')));
  const sorted = sortDistillFirst(rs);
  for (const r of sorted)
    out.push(
      row([
        r.engine === 'distill' ? '**distill**' : r.engine,
        r.version,
        f3(r.metrics.precision),
        f3(r.metrics.recall),
        f3(r.metrics.f1),
        ...types.map((t) => f3(r.groups?.[t]?.f1)),
        r.docs,
        errCell(r),
        r.engine === 'distill' ? '—' : ratio(dF1, r.metrics.f1),
      ]),
    );
  const svg = writeSvg(
    'html-wcxb.svg',
    barChart(
      'html-wcxb main-content words (higher is better)',
      ['precision', 'recall', 'F1'],
      sorted.map((r) => ({
        label: r.engine,
        values: [r.metrics.precision, r.metrics.recall, r.metrics.f1].map((v) => v ?? null),
        highlight: r.engine === 'distill',
      })),
      { max: 1 },
    ),
  );
  out.push('', `![html-wcxb chart](${svg})`, '');
  return out;
}

function officeSection(rs: QualityResult[]): string[] {
  const out: string[] = ['## Quality: office-vectors', ''];
  const dNid = distillMain(rs, (r) => r.metrics.docling_nid);
  out.push(
    "markitdown vectors: share of must_include / must_not_include checks passed over all vector files (a file the tool cannot read fails its checks). docling: mean NID against Docling's Markdown (unreadable = 0). sheetjs: share of Excel's displayed cell values found as cells in the output (recall) and share of output cells that are real values (precision).",
    '',
  );
  out.push(
    row([
      'engine',
      'version',
      'vectors passed',
      'vector files read',
      'docling NID',
      'docling files read',
      'sheet cell recall',
      'sheet cell precision',
      'sheet names found',
      'errors',
      'distill ÷ engine (docling NID)',
    ]),
  );
  out.push(row(Array(11).fill('---')));
  const sorted = sortDistillFirst(rs);
  for (const r of sorted) {
    const m = r.metrics;
    out.push(
      row([
        r.engine === 'distill' ? '**distill**' : r.engine,
        r.version,
        f3(m.vectors_pass_rate),
        `${m.vectors_files_ok ?? '–'}/${m.vectors_files ?? '–'}`,
        f3(m.docling_nid),
        `${m.docling_files_ok ?? '–'}/${m.docling_files ?? '–'}`,
        f3(m.sheet_cell_recall),
        f3(m.sheet_cell_precision),
        f3(m.sheet_names_found),
        errCell(r),
        r.engine === 'distill' ? '—' : ratio(dNid, m.docling_nid),
      ]),
    );
  }
  const fmts = [...new Set(rs.flatMap((r) => Object.keys(r.groups ?? {})))].sort();
  if (fmts.length) {
    out.push('', 'Docling NID per format:', '');
    out.push(row(['engine', ...fmts]));
    out.push(row(Array(fmts.length + 1).fill('---')));
    for (const r of sorted) out.push(row([r.engine, ...fmts.map((f) => f3(r.groups?.[f]?.nid))]));
  }
  const svg = writeSvg(
    'office-vectors.svg',
    barChart(
      'office-vectors (higher is better)',
      ['vectors', 'docling NID', 'cell recall'],
      sorted.map((r) => ({
        label: r.engine,
        values: [r.metrics.vectors_pass_rate, r.metrics.docling_nid, r.metrics.sheet_cell_recall].map(
          (v) => v ?? null,
        ),
        highlight: r.engine === 'distill',
      })),
      { max: 1 },
    ),
  );
  out.push('', `![office-vectors chart](${svg})`, '');
  return out;
}

function speedSection(suite: string, rs: SpeedResult[]): string[] {
  const unit = rs[0]?.unit ?? '';
  const out: string[] = [`## Speed: ${suite}`, ''];
  const dTp = distillMain(rs, (r) => r.throughput);
  const first = rs[0];
  out.push(
    `Each engine in its own Node process; ${first ? `${first.runs} timed passes after a warm-up over ${first.corpus}` : ''}; throughput = ${unit} per pass ÷ median pass time. Peak RSS is the process's (or the external tool's) maximum resident set.`,
    '',
  );
  out.push(
    row([
      'engine',
      'version',
      `${unit}/s`,
      'median pass',
      `${unit} per pass`,
      'peak RSS MB',
      'errors',
      'distill speed ÷ engine',
    ]),
  );
  out.push(row(Array(8).fill('---')));
  const sorted = sortDistillFirst(rs);
  for (const r of sorted)
    out.push(
      row([
        r.engine === 'distill' ? '**distill**' : r.engine,
        r.version,
        f3(r.throughput),
        r.medianMs === null ? '–' : `${(r.medianMs / 1000).toFixed(2)} s`,
        `${unit === 'MB' ? r.units.toFixed(1) : r.units} (${r.docs} files)`,
        f1(r.peakRssMb),
        errCell({ ...r, sampleErrors: r.firstError ? [r.firstError] : [] }),
        r.engine === 'distill' ? '—' : r.groups ? 'per format ↓' : ratio(dTp, r.throughput),
      ]),
    );
  const fmts = [...new Set(rs.flatMap((r) => Object.keys(r.groups ?? {})))].sort();
  if (fmts.length) {
    const d = rs.find((r) => r.engine === 'distill');
    out.push(
      '',
      `Per format: ${unit}/s over that format's files (count in the header); in brackets distill's speed ÷ the engine's where both read the format; – = format not read.`,
      '',
    );
    out.push(
      row(['engine', ...fmts.map((f) => `${f} (${Math.max(...rs.map((r) => r.groups?.[f]?.docs ?? 0))})`)]),
    );
    out.push(row(Array(fmts.length + 1).fill('---')));
    for (const r of sorted)
      out.push(
        row([
          r.engine === 'distill' ? '**distill**' : r.engine,
          ...fmts.map((f) => {
            const g = r.groups?.[f];
            if (!g) return '–';
            if (g.throughput === null) return `errors ${g.errors}/${g.docs}`;
            const dg = d?.groups?.[f];
            const rel =
              r.engine !== 'distill' && dg?.throughput
                ? ` (${(dg.throughput / g.throughput).toFixed(2)}×)`
                : '';
            return `${g.throughput.toFixed(1)}${g.errors ? ` [${g.errors} err]` : ''}${rel}`;
          }),
        ]),
      );
  }
  const svg = writeSvg(
    `${suite}.svg`,
    barChart(
      `${suite}: ${unit}/s (higher is better)`,
      [`${unit}/s`],
      sorted.map((r) => ({ label: r.engine, values: [r.throughput], highlight: r.engine === 'distill' })),
    ),
  );
  out.push('', `![${suite} chart](${svg})`, '');
  return out;
}

function scalingSection(suite: string, rs: ScalingResult[]): string[] {
  const sizes = [...new Set(rs.flatMap((r) => r.points.map((p) => p.size)))].sort((a, b) => a - b);
  const unit = rs[0]?.points[0]?.unit ?? '';
  const out: string[] = [
    `## Scaling: ${suite}`,
    '',
    'One large input per size, each run in a fresh process after a one-document warm-up: wall time and peak RSS.',
    '',
  ];
  out.push(row(['engine', ...sizes.map((s) => `${s} ${unit}: time / RSS`)]));
  out.push(row(Array(sizes.length + 1).fill('---')));
  for (const r of sortDistillFirst(rs))
    out.push(
      row([
        r.engine === 'distill' ? '**distill**' : r.engine,
        ...sizes.map((s) => {
          const p = r.points.find((x) => x.size === s);
          if (!p) return '–';
          if (p.ms === null) return `error: ${cleanErr(p.error ?? '')}`;
          return `${(p.ms / 1000).toFixed(2)} s / ${f1(p.peakRssMb)} MB`;
        }),
      ]),
    );
  const svg = writeSvg(
    `${suite}.svg`,
    barChart(
      `${suite}: seconds at the largest size (lower is better)`,
      ['seconds'],
      sortDistillFirst(rs).map((r) => {
        const p = r.points.find((x) => x.size === sizes[sizes.length - 1]);
        return {
          label: r.engine,
          values: [p?.ms != null ? p.ms / 1000 : null],
          highlight: r.engine === 'distill',
        };
      }),
    ),
  );
  out.push('', `![${suite} chart](${svg})`, '');
  return out;
}

export function writeReport(): string {
  const all = readResults();
  const by = (suite: string) => all.filter((r) => r.suite === suite);
  const lines: string[] = [
    '# distill benchmarks',
    '',
    `Generated ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC from \`benchmarks/results/*.json\` (regenerated after every run; \`pnpm bench report\` rebuilds it). How to run and what the metrics mean: [README.md](README.md).`,
    '',
    `Speed figures depend on the machine (${os.cpus().length} cores here) and on what else runs on it: on the shared machine of the committed runs, repeat runs moved docs/s by up to 3×, so rerun on a quiet machine before quoting ratios.`,
    '',
  ];
  const q = (s: string) => by(s) as QualityResult[];
  if (by('pdf-dpbench').length) lines.push(...dpbenchSection(q('pdf-dpbench')));
  if (by('html-wcxb').length) lines.push(...wcxbSection(q('html-wcxb')));
  if (by('office-vectors').length) lines.push(...officeSection(q('office-vectors')));
  for (const s of ['speed-pdf', 'speed-html', 'speed-office'])
    if (by(s).length) lines.push(...speedSection(s, by(s) as SpeedResult[]));
  for (const s of ['scaling-pdf', 'scaling-html'])
    if (by(s).length) lines.push(...scalingSection(s, by(s) as ScalingResult[]));
  const failed = all.filter((r: AnyResult) => 'status' in r && r.status === 'failed') as (
    | QualityResult
    | SpeedResult
  )[];
  if (failed.length) {
    lines.push('## Engines that failed to run', '');
    for (const r of failed) lines.push(`- ${r.suite} / ${r.engine}: ${cleanErr(r.failure ?? '')}`);
    lines.push('');
  }
  writeFileSync(REPORT_PATH, `${lines.join('\n')}\n`);
  return REPORT_PATH;
}
