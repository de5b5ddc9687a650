import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The 20 extensions of the spec: every campaign spreads its cases evenly over them. */
export const FUZZ_EXTENSIONS = [
  'html',
  'htm',
  'xhtml',
  'pdf',
  'docx',
  'doc',
  'docm',
  'odt',
  'ods',
  'odp',
  'rtf',
  'xlsx',
  'xls',
  'xlsm',
  'xlsb',
  'pptx',
  'ppt',
  'pptm',
  'epub',
  'csv',
] as const;

/** An extension without a seed of its own borrows its sibling's (the package is the same). */
const BORROW: Record<string, string> = {
  docm: 'docx',
  xlsm: 'xlsx',
  pptm: 'pptx',
  htm: 'html',
  xhtml: 'html',
};

export interface Seed {
  name: string;
  ext: string;
  bytes: Uint8Array;
}

function walk(dir: string, out: string[], depth = 0): void {
  if (depth > 6 || !existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out, depth + 1);
    else if (e.isFile()) out.push(p);
  }
}

/**
 * Seeds: the repository's fixtures, then the shared corpora (read in place, never copied), at
 * most `perExt` files per extension, smallest first so cases stay quick. Deterministic.
 */
export function loadSeeds(
  repoRoot: string,
  corpora: string | undefined,
  perExt = 6,
  maxBytes = 1_500_000,
): Map<string, Seed[]> {
  const files: string[] = [];
  walk(resolve(repoRoot, 'fixtures'), files);
  if (corpora) walk(corpora, files);
  const byExt = new Map<string, { path: string; size: number }[]>();
  for (const f of files) {
    const m = /\.([a-z0-9]+)$/i.exec(f);
    if (!m) continue;
    const ext = m[1].toLowerCase();
    if (!(FUZZ_EXTENSIONS as readonly string[]).includes(ext)) continue;
    const size = statSync(f).size;
    if (size === 0 || size > maxBytes) continue;
    const list = byExt.get(ext) ?? [];
    list.push({ path: f, size });
    byExt.set(ext, list);
  }
  const seeds = new Map<string, Seed[]>();
  for (const ext of FUZZ_EXTENSIONS) {
    const src = byExt.get(ext) ?? byExt.get(BORROW[ext] ?? '') ?? [];
    // Fixtures first (stable), then the smallest corpus files.
    const chosen = [...src]
      .sort(
        (a, b) =>
          Number(!a.path.includes('/fixtures/')) - Number(!b.path.includes('/fixtures/')) ||
          a.size - b.size ||
          a.path.localeCompare(b.path),
      )
      .slice(0, perExt);
    seeds.set(
      ext,
      chosen.map((c) => ({
        name: c.path.replace(/^.*\/(fixtures|corpora)\//, '$1/'),
        ext,
        bytes: new Uint8Array(readFileSync(c.path)),
      })),
    );
  }
  return seeds;
}
