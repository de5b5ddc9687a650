import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import type { BlockScores } from '@distill/scorers/blocks';
import { REPO_ROOT, RESULTS_DIR } from './paths.js';

export type Num = number | null;

export interface QualityResult {
  kind: 'quality';
  suite: string;
  engine: string;
  version: string;
  /** live: run here; published: the corpus's committed outputs of that tool, scored here. */
  source: 'live' | 'published';
  corpus: string;
  date: string;
  docs: number;
  errors: number;
  sampleErrors: string[];
  status: 'ok' | 'failed';
  failure?: string;
  metrics: Record<string, Num>;
  groups?: Record<string, Record<string, Num>>;
  perDocument?: Record<string, unknown>[];
  /**
   * pdf-dpbench, engines that give layout blocks: reference.json elements (n), how many one of
   * our boxes matches at IoU >= 0.5 (matched), and of those how many carry an agreeing label.
   */
  blocks?: BlockScores;
  /** html suites: pages that ran past the per-page limit (scored as empty), and the limit. */
  timeouts?: { limitMs: number; pages: string[] };
  /** html suites: pages whose answer came from the peer cache (benchmarks/results/peer-cache). */
  cachedPages?: number;
}

export interface SpeedResult {
  kind: 'speed';
  suite: string; // speed-pdf | speed-html | speed-office
  engine: string;
  version: string;
  corpus: string;
  date: string;
  docs: number;
  units: number; // pages, MB or documents per pass
  unit: string; // 'pages' | 'MB' | 'docs'
  runs: number;
  medianMs: number | null;
  throughput: number | null;
  peakRssMb: number | null;
  errors: number;
  firstError?: string;
  status: 'ok' | 'failed';
  failure?: string;
  /** office: the same figures per file format. */
  groups?: Record<string, { docs: number; medianMs: number; throughput: number | null; errors: number }>;
  /**
   * Process CPU time of the median pass (ms, every thread of the engine's child process): what
   * the work cost whatever the load of a shared machine, where wall time mostly measures the load.
   */
  cpuMs?: number;
  /** The first of the whole warm-up passes (ms): the process's first pass, V8's warm-up in it. */
  firstPassMs?: number;
  /** Whole passes of warm-up before the timed ones (absent: a few files only). */
  warmupPasses?: number;
}

export interface ScalingResult {
  kind: 'scaling';
  suite: string; // scaling-pdf | scaling-html
  engine: string;
  version: string;
  date: string;
  points: { size: number; unit: string; ms: number | null; peakRssMb: number | null; error?: string }[];
}

/**
 * A benchmark that is not a per-engine table (batch throughput, server load, scraping speed,
 * search, the big sheet): its own Markdown section, plus the figures it was made from.
 */
export interface SectionResult {
  kind: 'section';
  suite: string;
  date: string;
  /** Load average and cores when it ran: speed figures mean little without them. */
  machine: string;
  markdown: string;
  data: unknown;
}

export type AnyResult = QualityResult | SpeedResult | ScalingResult | SectionResult;

const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]+/g, '_');

export function writeResult(r: AnyResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const name = r.kind === 'section' ? r.suite : `${r.suite}-${safe(r.engine)}`;
  const path = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(r, null, 1)}\n`);
  return relative(REPO_ROOT, path);
}

/** Writes `results/<suite>.json` for a section; the caller then rebuilds REPORT.md. */
export function writeSection(suite: string, markdown: string, data: unknown, machine: string): string {
  return writeResult({ kind: 'section', suite, date: now(), machine, markdown, data });
}

export function readResults(): AnyResult[] {
  if (!existsSync(RESULTS_DIR)) return [];
  return readdirSync(RESULTS_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => JSON.parse(readFileSync(join(RESULTS_DIR, n), 'utf8')) as AnyResult)
    .filter((r) => typeof r.suite === 'string');
}

export const corpusLabel = (dir: string) => relative(REPO_ROOT, dir) || dir;
export const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** The machine's state as a line for a report: cores and load average (1, 5, 15 min). */
export function machineLine(): string {
  return `${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min), node ${process.version}`;
}
