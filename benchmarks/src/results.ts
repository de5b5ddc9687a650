import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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
}

export interface ScalingResult {
  kind: 'scaling';
  suite: string; // scaling-pdf | scaling-html
  engine: string;
  version: string;
  date: string;
  points: { size: number; unit: string; ms: number | null; peakRssMb: number | null; error?: string }[];
}

export type AnyResult = QualityResult | SpeedResult | ScalingResult;

const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]+/g, '_');

export function writeResult(r: AnyResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${r.suite}-${safe(r.engine)}.json`);
  writeFileSync(path, `${JSON.stringify(r, null, 1)}\n`);
  return relative(REPO_ROOT, path);
}

export function readResults(): AnyResult[] {
  if (!existsSync(RESULTS_DIR)) return [];
  return readdirSync(RESULTS_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => JSON.parse(readFileSync(join(RESULTS_DIR, n), 'utf8')) as AnyResult);
}

export const corpusLabel = (dir: string) => relative(REPO_ROOT, dir) || dir;
export const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
