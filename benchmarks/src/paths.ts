import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(BENCH_DIR, '..');
/** The shared corpora sit beside the checkout. */
export const CORPORA = process.env.DISTILL_CORPORA ?? resolve(REPO_ROOT, '../shared/corpora');
export const RESULTS_DIR = resolve(BENCH_DIR, 'results');
export const REPORT_PATH = resolve(BENCH_DIR, 'REPORT.md');

export const DEFAULT_CORPUS: Record<string, string> = {
  'pdf-dpbench': 'pdf/dpbench-dev',
  'pdf-icdar': 'pdf/icdar2013-dev',
  'html-wcxb': 'html/wcxb-dev',
  'html-trafilatura': 'html/trafilatura-dev',
  'office-vectors': 'office',
  pdf: 'pdf/dpbench-dev',
  html: 'html/wcxb-dev',
  office: 'office',
};

export function corpusDir(suite: string, given?: string): string {
  const dir = given ? resolve(process.cwd(), given) : resolve(CORPORA, DEFAULT_CORPUS[suite]);
  if (!existsSync(dir)) throw new Error(`corpus folder not found: ${dir} (pass --corpus DIR)`);
  return dir;
}

/** The engines a scanned-corpus run compares by default. */
export const SCANNED_ENGINES = 'distill-ocr,liteparse-ocr';

/**
 * dpbench-dev with every page rendered to an image-only PDF (200 dpi, grey), the OCR suites'
 * input: built outside the repository by scripts/make-ocr-corpus.sh on first use, then reused.
 */
export function scannedCorpus(given?: string): string {
  const dir = given ? resolve(process.cwd(), given) : resolve(tmpdir(), 'distill-corpora/dpbench-dev-ocr');
  if (!existsSync(resolve(dir, 'ground-truth')))
    execFileSync('bash', [resolve(REPO_ROOT, 'scripts/make-ocr-corpus.sh'), corpusDir('pdf-dpbench'), dir], {
      stdio: 'inherit',
    });
  return dir;
}
