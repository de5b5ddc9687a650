import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DistillError } from 'distill';
import type { PaperInfo } from '../papers/paper-record.js';

/** Bumped when the on-disk layout changes; an index of another version is rebuilt, not misread. */
export const INDEX_VERSION = 1;
export const INDEX_FILE = 'distill-index.json';

export interface IndexedImage {
  url: string;
  alt?: string;
  width?: number;
  height?: number;
}

export interface IndexedDoc {
  id: number;
  /** file:// URL of the document. */
  url: string;
  /** Path relative to the indexed folder, with forward slashes. */
  path: string;
  title: string;
  /** The document's own description (metadata), else its opening text. */
  description: string;
  /** ISO 8601 date and where it came from. */
  date: string;
  dateSource: 'metadata' | 'mtime';
  /** Extension, lowercase, without the dot. */
  filetype: string;
  format: string;
  /** Host for domain filters: the configured host, or a folder named like a hostname. */
  host?: string;
  /** Plain text, capped, for phrases, exclusions and highlights. */
  text: string;
  /** Token count of the body (BM25 length normalisation). */
  length: number;
  titleTokens: string[];
  images: IndexedImage[];
  /**
   * The web address the document was saved from (a browser's "saved from url" mark, the
   * page's canonical link or og:url), when it names an http(s) one; results show it instead
   * of the file:// URL. Optional, so indexes built before it read the same.
   */
  sourceUrl?: string;
  /** The paper record, when the document is a research paper (see papers/paper-record.ts). */
  paper?: PaperInfo;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface IndexStats {
  files: number;
  indexed: number;
  /** Files whose format has no parser in this build, or that are not documents at all. */
  skipped: number;
  /** Files whose parse failed (corrupt, encrypted, timeout). */
  failed: number;
  images: number;
  terms: number;
  /** Documents recognised as research papers (searched by the research category). */
  papers?: number;
  ms: number;
}

export interface IndexData {
  version: number;
  root: string;
  host?: string;
  builtAt: string;
  stats: IndexStats;
  skipped: SkippedFile[];
  failed: SkippedFile[];
  docs: IndexedDoc[];
  avgLength: number;
  /** term → flat [docId, tf, docId, tf, …], docIds ascending. */
  postings: Record<string, number[]>;
}

export async function writeIndex(indexDir: string, data: IndexData): Promise<string> {
  await mkdir(indexDir, { recursive: true });
  const path = join(indexDir, INDEX_FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(data));
  await rename(tmp, path);
  return path;
}

export async function readIndex(indexDir: string): Promise<IndexData> {
  const path = join(indexDir, INDEX_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new DistillError(
      'NOT_FOUND',
      `Not Found: no search index at ${indexDir} (build one with: distill index <dir> --index ${indexDir})`,
    );
  }
  let data: IndexData;
  try {
    data = JSON.parse(text) as IndexData;
  } catch {
    throw new DistillError(
      'FILE_CORRUPT',
      `The search index at ${path} is corrupt; rebuild it with distill index`,
    );
  }
  if (data.version !== INDEX_VERSION) {
    throw new DistillError(
      'CONFLICT',
      `The search index at ${path} has version ${data.version}, this build reads ${INDEX_VERSION}; rebuild it with distill index`,
    );
  }
  return data;
}
