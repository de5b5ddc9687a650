import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { METRICS, type Metric } from '@distill/scorers/dpbench';
import { REPORT_PATH, RESULTS_DIR } from './paths.js';
import { readmeFiguresSection } from './readme-figures.js';
import {
  type AnyResult,
  type Num,
  type QualityResult,
  readResults,
  type ScalingResult,
  type SectionResult,
  type SpeedResult,
} from './results.js';
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
  const d = rs.find((r) => r.engine === 'distill') ?? rs.find((r) => r.engine === 'distill-ocr');
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
type Cell = string | number;
const row = (cells: Cell[]) => `| ${cells.join(' | ')} |`;
/** A Markdown table: header, separator, rows. */
const table = (header: Cell[], rows: Cell[][]): string[] => [
  row(header),
  row(Array(header.length).fill('---')),
  ...rows.map(row),
];
const engineCell = (r: { engine: string }) => (r.engine === 'distill' ? '**distill**' : r.engine);
const vsDistill = (r: { engine: string }, d: Num, v: Num | undefined) =>
  r.engine === 'distill' ? '—' : ratio(d, v);
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

/** Writes a bar chart beside the results and returns the Markdown that shows it. */
function chart(name: string, ...args: Parameters<typeof barChart>): string {
  writeFileSync(join(RESULTS_DIR, `${name}.svg`), barChart(...args));
  return `![${name} chart](results/${name}.svg)`;
}
const bars = <T extends { engine: string }>(
  rs: T[],
  values: (r: T) => (Num | undefined)[],
  label = (r: T) => r.engine,
) =>
  rs.map((r) => ({
    label: label(r),
    values: values(r).map((v) => v ?? null),
    highlight: r.engine === 'distill',
  }));

const sortDistillFirst = <T extends { engine: string }>(rs: T[]) =>
  [...rs].sort((a, b) =>
    a.engine === 'distill' ? -1 : b.engine === 'distill' ? 1 : a.engine.localeCompare(b.engine),
  );

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '–');

/** Layout blocks against reference.json, for the engines whose result carries them. */
function blocksSection(rs: QualityResult[]): string[] {
  const out: string[] = [];
  for (const r of sortDistillFirst(rs)) {
    const b = r.blocks;
    if (!b) continue;
    const row = (name: string, c: { n: number; matched: number; agree: number }): Cell[] => [
      name,
      c.n,
      c.matched,
      pct(c.matched, c.n),
      pct(c.agree, c.matched),
    ];
    out.push(
      `### Blocks: ${r.engine} layout boxes against reference.json`,
      '',
      "The same pages' ground-truth elements (reference.json: category and box per element); an element is matched when one of our blocks on its page (public `parse()` with `parsers: [{type: 'pdf', blocks: true}]`) overlaps its box with IoU ≥ 0.5. Label agreement: of the matched elements, the share whose best block's label means the same (Paragraph → text or list-item, Heading1 → heading-N, List → list or list-item, Figure → picture, Chart → picture or table, Equation → formula or text, Index → table, list or text, Header/Footer → page-header/page-footer, Caption, Table, Footnote alike).",
      '',
      ...table(
        ['reference category', 'elements', 'matched', 'matched share', 'label agreement (of matched)'],
        [
          row('**all**', b.overall),
          ...Object.entries(b.byCategory)
            .sort((x, y) => y[1].n - x[1].n || x[0].localeCompare(y[0]))
            .map(([k, c]) => row(k, c)),
        ],
      ),
      '',
    );
  }
  return out;
}

function dpbenchSection(rs: QualityResult[]): string[] {
  const dOverall = distillMain(rs, (r) => r.metrics.overall);
  const sorted = sortDistillFirst(rs).sort((a, b) =>
    a.engine === 'distill'
      ? -1
      : b.engine === 'distill'
        ? 1
        : (b.metrics.overall ?? -1) - (a.metrics.overall ?? -1),
  );
  const out: string[] = [
    '## Quality: pdf-dpbench',
    '',
    "Scores in 0..1, means over documents of each non-null metric (opendataloader-bench). *published* rows score the corpus's committed outputs of that tool; *live* rows ran here.",
    '',
    ...table(
      [
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
      ],
      sorted.map((r) => {
        const m = r.metrics;
        return [
          engineCell(r),
          r.source,
          r.source === 'published' ? (PUBLISHED_VERSIONS[r.engine] ?? r.version) : r.version,
          ...[m.overall, m.nid, m.nid_s, m.teds, m.teds_s, m.mhs, m.mhs_s].map(f3),
          r.docs,
          errCell(r),
          PUBLISHED_OVERALL[r.engine]?.toFixed(3) ?? '–',
          vsDistill(r, dOverall, m.overall),
        ];
      }),
    ),
    '',
    chart(
      'pdf-dpbench',
      'pdf-dpbench (higher is better)',
      ['overall', 'NID', 'TEDS', 'MHS'],
      bars(
        sorted,
        (r) => [r.metrics.overall, r.metrics.nid, r.metrics.teds, r.metrics.mhs],
        (r) => `${r.engine}${r.source === 'published' ? ' (pub.)' : ''}`,
      ),
      { max: 1 },
    ),
    '',
  ];

  out.push(...blocksSection(rs));

  // Scorer validation against the reference implementation's own per-document numbers.
  out.push('### Scorer validation against opendataloader-bench', '');
  out.push(
    'Our scorer run on the committed predictions, compared metric by metric (overall, NID, NID-S, TEDS, TEDS-S, MHS, MHS-S) with the per-document results the reference repository published for the same predictions.',
    '',
  );
  const summary: Cell[][] = [];
  const details: string[] = [];
  for (const e of REFERENCE_ENGINES) {
    const r = rs.find((x) => x.engine === e && x.perDocument);
    if (!r) continue;
    const ours = new Map(r.perDocument!.map((p) => [p.id as string, p as unknown as Record<Metric, Num>]));
    const c = compareWithReference(e, ours);
    const skipped = c.skipped
      ? `${c.skipped} (ground truth revised after the reference run: ${GT_REVISED_AFTER[e].join(', ')})`
      : '0';
    summary.push([e, REFERENCE_SOURCE[e], c.compared, c.equal, c.maxAbsDiff.toExponential(1), skipped]);
    const perDoc: Cell[][] = [];
    for (const [id, rr] of loadReference(e)) {
      const o = ours.get(id);
      if (o) perDoc.push([id, ...METRICS.map((m) => `${f3(o[m])} / ${f3(rr[m])}`)]);
    }
    details.push(
      `<details><summary>${e}: per-document scores, ours vs reference</summary>`,
      '',
      ...table(['document', ...METRICS.map((m) => `${m} ours / ref`)], perDoc),
      '',
      '</details>',
      '',
    );
  }
  out.push(
    ...table(
      [
        'engine',
        'reference file',
        'documents compared',
        'identical on all 7 metrics (abs. diff ≤ 1e-12)',
        'largest abs. diff',
        'skipped',
      ],
      summary,
    ),
    '',
    ...details,
  );
  return out;
}

function wcxbSection(rs: QualityResult[]): string[] {
  const dF1 = distillMain(rs, (r) => r.metrics.f1);
  const types = [...new Set(rs.flatMap((r) => Object.keys(r.groups ?? {})))].sort();
  const sorted = sortDistillFirst(rs);
  return [
    '## Quality: html-wcxb',
    '',
    'Word-level precision / recall / F1 of main content, averaged over pages; F1 per page type.',
    '',
    ...table(
      [
        'engine',
        'version',
        'P',
        'R',
        'F1',
        ...types.map((t) => `F1 ${t}`),
        'pages',
        'errors',
        'distill ÷ engine (F1)',
      ],
      sorted.map((r) => [
        engineCell(r),
        r.version,
        f3(r.metrics.precision),
        f3(r.metrics.recall),
        f3(r.metrics.f1),
        ...types.map((t) => f3(r.groups?.[t]?.f1)),
        r.docs,
        errCell(r),
        vsDistill(r, dF1, r.metrics.f1),
      ]),
    ),
    '',
    chart(
      'html-wcxb',
      'html-wcxb main-content words (higher is better)',
      ['precision', 'recall', 'F1'],
      bars(sorted, (r) => [r.metrics.precision, r.metrics.recall, r.metrics.f1]),
      { max: 1 },
    ),
    '',
  ];
}

function trafilaturaSection(rs: QualityResult[]): string[] {
  const dF1 = distillMain(rs, (r) => r.metrics.f1);
  const groups = [...new Set(rs.flatMap((r) => Object.keys(r.groups ?? {})))].sort();
  return [
    '## Quality: html-trafilatura',
    '',
    "trafilatura's evaluation (upstream tests/eval_common.py): `with` / `without` snippets found in the text, counts pooled over pages; F1 per subset and fold.",
    '',
    ...table(
      [
        'engine',
        'version',
        'P',
        'R',
        'F1',
        ...groups.map((g) => `F1 ${g}`),
        'pages',
        'errors',
        'distill ÷ engine (F1)',
      ],
      sortDistillFirst(rs).map((r) => [
        engineCell(r),
        r.version,
        f3(r.metrics.precision),
        f3(r.metrics.recall),
        f3(r.metrics.f1),
        ...groups.map((g) => f3(r.groups?.[g]?.f1)),
        r.docs,
        errCell(r),
        vsDistill(r, dF1, r.metrics.f1),
      ]),
    ),
    '',
  ];
}

function officeSection(rs: QualityResult[]): string[] {
  const dNid = distillMain(rs, (r) => r.metrics.docling_nid);
  const sorted = sortDistillFirst(rs);
  const out: string[] = [
    '## Quality: office-vectors',
    '',
    "markitdown vectors: share of must_include / must_not_include checks passed over all vector files (a file the tool cannot read fails its checks). docling: mean NID against Docling's Markdown (unreadable = 0). sheetjs: share of Excel's displayed cell values found as cells in the output (recall) and share of output cells that are real values (precision).",
    '',
    ...table(
      [
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
      ],
      sorted.map((r) => {
        const m = r.metrics;
        return [
          engineCell(r),
          r.version,
          f3(m.vectors_pass_rate),
          `${m.vectors_files_ok ?? '–'}/${m.vectors_files ?? '–'}`,
          f3(m.docling_nid),
          `${m.docling_files_ok ?? '–'}/${m.docling_files ?? '–'}`,
          f3(m.sheet_cell_recall),
          f3(m.sheet_cell_precision),
          f3(m.sheet_names_found),
          errCell(r),
          vsDistill(r, dNid, m.docling_nid),
        ];
      }),
    ),
  ];
  const fmts = [...new Set(rs.flatMap((r) => Object.keys(r.groups ?? {})))].sort();
  if (fmts.length)
    out.push(
      '',
      'Docling NID per format:',
      '',
      ...table(
        ['engine', ...fmts],
        sorted.map((r) => [r.engine, ...fmts.map((f) => f3(r.groups?.[f]?.nid))]),
      ),
    );
  out.push(
    '',
    chart(
      'office-vectors',
      'office-vectors (higher is better)',
      ['vectors', 'docling NID', 'cell recall'],
      bars(sorted, (r) => [r.metrics.vectors_pass_rate, r.metrics.docling_nid, r.metrics.sheet_cell_recall]),
      { max: 1 },
    ),
    '',
  );
  return out;
}

/** One format's cell in the per-format speed table, with distill's speed ÷ the engine's. */
function formatCell(r: SpeedResult, d: SpeedResult | undefined, f: string): string {
  const g = r.groups?.[f];
  if (!g) return '–';
  if (g.throughput === null) return `errors ${g.errors}/${g.docs}`;
  const dg = d?.groups?.[f];
  const rel =
    r.engine !== 'distill' && dg?.throughput ? ` (${(dg.throughput / g.throughput).toFixed(2)}×)` : '';
  return `${g.throughput.toFixed(1)}${g.errors ? ` [${g.errors} err]` : ''}${rel}`;
}

function speedSection(suite: string, rs: SpeedResult[]): string[] {
  const unit = rs[0]?.unit ?? '';
  const dTp = distillMain(rs, (r) => r.throughput);
  // The header describes distill's run (results of other engines may be from older runs).
  const first = rs.find((r) => r.engine === 'distill') ?? rs[0];
  const sorted = sortDistillFirst(rs);
  const out: string[] = [
    `## Speed: ${suite}`,
    '',
    `Each engine in its own Node process; ${first ? `${first.runs} timed passes after ${first.warmupPasses ? `${first.warmupPasses} whole untimed passes of warm-up` : 'a warm-up on a few files'} over ${first.corpus}` : ''}; throughput = ${unit} per pass ÷ median pass time. ${first?.warmupPasses ? `First pass: the process's first pass over the same files (its warm-up included), in ${unit}/s; the cold command line is \`pnpm bench cold\`. ` : ''}Peak RSS is the process's (or the external tool's) maximum resident set.`,
    '',
    ...table(
      [
        'engine',
        'version',
        `${unit}/s`,
        'median pass',
        ...(first?.warmupPasses ? [`first pass ${unit}/s`] : []),
        `${unit} per pass`,
        'peak RSS MB',
        'errors',
        'distill speed ÷ engine',
      ],
      sorted.map((r) => [
        engineCell(r),
        r.version,
        f3(r.throughput),
        r.medianMs === null ? '–' : `${(r.medianMs / 1000).toFixed(2)} s`,
        ...(first?.warmupPasses ? [r.firstPassMs ? f3(r.units / (r.firstPassMs / 1000)) : '–'] : []),
        `${unit === 'MB' ? r.units.toFixed(1) : r.units} (${r.docs} files)`,
        f1(r.peakRssMb),
        errCell({ ...r, sampleErrors: r.firstError ? [r.firstError] : [] }),
        r.engine !== 'distill' && r.groups ? 'per format ↓' : vsDistill(r, dTp, r.throughput),
      ]),
    ),
  ];
  const floor = rs.find((r) => r.engine === 'parse5');
  if (floor?.medianMs) {
    const d = rs.find((r) => r.engine === 'distill');
    if (d?.medianMs)
      out.push(
        '',
        `parse5 (parse only) is the floor: the HTML parser alone, building its tree from the same decoded pages. distill, with the main-content filter and Markdown, takes **${(d.medianMs / floor.medianMs).toFixed(2)}×** its time.`,
      );
  }
  const fmts = [...new Set(rs.flatMap((r) => Object.keys(r.groups ?? {})))].sort();
  if (fmts.length) {
    const d = rs.find((r) => r.engine === 'distill');
    out.push(
      '',
      `Per format: ${unit}/s over that format's files (count in the header); in brackets distill's speed ÷ the engine's where both read the format; – = format not read.`,
      '',
      ...table(
        ['engine', ...fmts.map((f) => `${f} (${Math.max(...rs.map((r) => r.groups?.[f]?.docs ?? 0))})`)],
        sorted.map((r) => [engineCell(r), ...fmts.map((f) => formatCell(r, d, f))]),
      ),
    );
  }
  out.push(
    '',
    chart(
      suite,
      `${suite}: ${unit}/s (higher is better)`,
      [`${unit}/s`],
      bars(sorted, (r) => [r.throughput]),
    ),
    '',
  );
  return out;
}

function scalingSection(suite: string, rs: ScalingResult[]): string[] {
  const sizes = [...new Set(rs.flatMap((r) => r.points.map((p) => p.size)))].sort((a, b) => a - b);
  const unit = rs[0]?.points[0]?.unit ?? '';
  const sorted = sortDistillFirst(rs);
  const point = (r: ScalingResult, s: number) => r.points.find((x) => x.size === s);
  return [
    `## Scaling: ${suite}`,
    '',
    'One large input per size, each run in a fresh process after a one-document warm-up: wall time and peak RSS.',
    '',
    ...table(
      ['engine', ...sizes.map((s) => `${s} ${unit}: time / RSS`)],
      sorted.map((r) => [
        engineCell(r),
        ...sizes.map((s) => {
          const p = point(r, s);
          if (!p) return '–';
          if (p.ms === null) return `error: ${cleanErr(p.error ?? '')}`;
          return `${(p.ms / 1000).toFixed(2)} s / ${f1(p.peakRssMb)} MB`;
        }),
      ]),
    ),
    '',
    chart(
      suite,
      `${suite}: seconds at the largest size (lower is better)`,
      ['seconds'],
      bars(sorted, (r) => {
        const p = point(r, sizes[sizes.length - 1]);
        return [p?.ms != null ? p.ms / 1000 : null];
      }),
    ),
    '',
  ];
}

/** A standalone benchmark's own section, with when it ran and how loaded the machine was. */
function standaloneSection(s: SectionResult): string[] {
  return [s.markdown.trimEnd(), '', `*Run ${s.date.slice(0, 16).replace('T', ' ')} UTC; ${s.machine}.*`, ''];
}

/** Standalone sections in report order; `speed-office-big-sheet` follows the office speed table. */
function icdarSection(rs: QualityResult[]): string[] {
  const sorted = sortDistillFirst(rs);
  const rows: (string | number)[][] = [];
  for (const r of sorted)
    for (const [label, m] of [...Object.entries(r.groups ?? {}), ['all', r.metrics] as const]) {
      rows.push([
        engineCell(r),
        label,
        ...[m.micro_precision, m.micro_recall, m.micro_f1, m.macro_precision, m.macro_recall, m.macro_f1].map(
          f3,
        ),
        `${m.found ?? '–'} / ${m.tables ?? '–'}`,
        m.missed ?? '–',
        m.spurious ?? '–',
        errCell(r),
      ]);
    }
  return [
    '## Quality: pdf-icdar',
    '',
    "ICDAR 2013 Table Competition, dev half: cell-adjacency relations of each table (the competition's measure, as the corpora README scores it), micro over all relations and macro over documents; fold a / b are the even / odd positions of the sorted ids.",
    '',
    ...table(
      [
        'engine',
        'part',
        'micro P',
        'micro R',
        'micro F1',
        'macro P',
        'macro R',
        'macro F1',
        'found',
        'missed',
        'spurious',
        'errors',
      ],
      rows,
    ),
    '',
  ];
}

const STANDALONE = [
  'speed-batch',
  'load-server',
  'load-server-mixed',
  'speed-web',
  'speed-search',
  'speed-crawl',
  'speed-chunks',
  'robustness-fuzz',
  'robustness-hostile',
];

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
  lines.push(...readmeFiguresSection());
  const q = (s: string) => by(s) as QualityResult[];
  if (by('pdf-dpbench').length) lines.push(...dpbenchSection(q('pdf-dpbench')));
  if (by('pdf-icdar').length) lines.push(...icdarSection(q('pdf-icdar')));
  if (by('html-wcxb').length) lines.push(...wcxbSection(q('html-wcxb')));
  if (by('html-trafilatura').length) lines.push(...trafilaturaSection(q('html-trafilatura')));
  if (by('office-vectors').length) lines.push(...officeSection(q('office-vectors')));
  const standalone = (s: string) =>
    (by(s) as SectionResult[]).filter((r) => r.kind === 'section').flatMap(standaloneSection);
  // The cold command line is the headline speed figure: it comes first, before the warm tables.
  lines.push(
    ...standalone('speed-cold'),
    ...standalone('speed-cold-instructions'),
    ...standalone('speed-cold-instructions-main'),
  );
  for (const s of ['speed-pdf', 'speed-pdf-ocr', 'speed-html', 'speed-office'])
    if (by(s).length) lines.push(...speedSection(s, by(s) as SpeedResult[]));
  lines.push(...standalone('speed-office-big-sheet'));
  for (const s of ['scaling-pdf', 'scaling-html'])
    if (by(s).length) lines.push(...scalingSection(s, by(s) as ScalingResult[]));
  lines.push(...standalone('speed-pdf-pages'));
  for (const s of STANDALONE) lines.push(...standalone(s));
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
