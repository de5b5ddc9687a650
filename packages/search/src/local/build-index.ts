import { existsSync } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DistillError,
  defaultRegistry,
  formatFromExtension,
  type ParseResult,
  type ParserRegistry,
  parse,
  toDistillError,
} from 'distill';
import { metaTags } from '../papers/meta-tags.js';
import { paperOf } from '../papers/paper-record.js';
import { imageSizeOfFile } from './image-size.js';
import {
  INDEX_VERSION,
  type IndexData,
  type IndexedDoc,
  type IndexedImage,
  type IndexStats,
  type SkippedFile,
  writeIndex,
} from './index-format.js';
import { markdownToText } from './markdown-text.js';
import { tokenize } from './tokenize.js';
import { webOrigin } from './web-origin.js';

export interface BuildIndexOptions {
  /**
   * Host the documents are treated as coming from, for site: and the domain lists. Without it,
   * a top folder named like a hostname (`example.com/…`) gives its files that host.
   */
  host?: string;
  /** Parsers to use; the engine's default registry (every parser of this build) otherwise. */
  registry?: ParserRegistry;
  /** Per-document parse timeout, ms. */
  timeout?: number;
  /** Documents parsed at once. Parsing is mostly CPU, so a few suffice to hide file reads. */
  concurrency?: number;
  signal?: AbortSignal;
  onDocument?: (event: { path: string; status: 'indexed' | 'skipped' | 'failed'; reason?: string }) => void;
}

export interface BuildIndexResult {
  indexFile: string;
  stats: IndexStats;
  skipped: SkippedFile[];
  failed: SkippedFile[];
  /** One line per skipped or failed file, for the CLI. */
  warnings: string[];
}

/** Body text kept per document for phrases and highlights; ranking uses every token. */
const TEXT_CAP = 20_000;
const HOSTNAME = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}$/i;

/** Files under `dir`, sorted, following symbolic links once (a link loop is walked only once). */
async function* walk(dir: string, skip: string, seen = new Set<string>()): AsyncGenerator<string> {
  const real = await realpath(dir).catch(() => dir);
  if (seen.has(real)) return;
  seen.add(real);
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    throw new DistillError(
      'NOT_FOUND',
      `Not Found: cannot read folder ${dir} (${(e as NodeJS.ErrnoException).code})`,
    );
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (p === skip) continue;
    let isDir = e.isDirectory();
    let isFile = e.isFile();
    if (e.isSymbolicLink()) {
      const st = await stat(p).catch(() => undefined);
      isDir = st?.isDirectory() ?? false;
      isFile = st?.isFile() ?? false;
    }
    if (isDir) yield* walk(p, skip, seen);
    else if (isFile) yield p;
  }
}

const DATE_KEYS_PUBLISHED = [
  'article:published_time',
  'articlePublishedTime',
  'datePublished',
  'date',
  'dc.date',
  'dcterms.date',
  'dcterms.created',
  'created',
  'creationDate',
];
const DATE_KEYS_MODIFIED = [
  'article:modified_time',
  'articleModifiedTime',
  'og:updated_time',
  'dateModified',
  'dcterms.modified',
  'modified',
  'modificationDate',
  'last-modified',
];

/** The newest date the document states about itself (so an updated page counts as recent). */
function metadataDate(md: Record<string, unknown>): number | undefined {
  let best: number | undefined;
  const max = Date.now() + 24 * 3600_000;
  for (const k of [...DATE_KEYS_PUBLISHED, ...DATE_KEYS_MODIFIED]) {
    const v = md[k];
    if (typeof v !== 'string' || !/\d{4}/.test(v)) continue;
    const t = Date.parse(v);
    if (Number.isNaN(t) || t < Date.UTC(1971, 0, 1) || t > max) continue;
    if (best === undefined || t > best) best = t;
  }
  return best;
}

const IMAGE_MD = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;

async function collectImages(result: ParseResult): Promise<IndexedImage[]> {
  const alts = new Map<string, string>();
  for (const m of (result.markdown ?? '').matchAll(IMAGE_MD))
    if (m[1] && !alts.has(m[2])) alts.set(m[2], m[1]);
  // Reading order first (the Markdown), then images only the parser's list holds.
  const inOrder = [...(result.markdown ?? '').matchAll(IMAGE_MD)].map((m) => m[2]);
  const urls = [...new Set([...inOrder, ...(result.images ?? [])])];
  const out: IndexedImage[] = [];
  for (const url of urls) {
    // Embedded (data:) images have no address a result could point to.
    if (!/^(https?|file):/i.test(url)) continue;
    const img: IndexedImage = { url };
    const alt = alts.get(url);
    if (alt) img.alt = alt;
    if (url.startsWith('file:')) {
      try {
        const size = await imageSizeOfFile(fileURLToPath(url));
        if (size) Object.assign(img, size);
      } catch {
        // A malformed file URL keeps the image, without a size.
      }
    }
    out.push(img);
  }
  return out;
}

function hostFor(rel: string, configured: string | undefined): string | undefined {
  if (configured) return configured.toLowerCase();
  // The first folder named like a hostname, as a mirror (wget -m, a crawl) lays pages out.
  const folders = rel.split('/').slice(0, -1);
  return folders.find((f) => HOSTNAME.test(f))?.toLowerCase();
}

function describe(result: ParseResult, text: string): string {
  const d = result.metadata.description;
  if (typeof d === 'string' && d.trim()) return d.trim();
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 240) return flat;
  const cut = flat.lastIndexOf(' ', 240);
  return `${flat.slice(0, cut > 120 ? cut : 240)}…`;
}

function titleOf(result: ParseResult, md: string, filename: string): string {
  const t = result.metadata.title;
  if (typeof t === 'string' && t.trim()) return t.trim();
  const h = /^#{1,6}\s+(.+)$/m.exec(md);
  if (h) return markdownToText(h[1]).trim();
  return filename;
}

/**
 * Parses every document under `dir` with the engine and writes a BM25 index to `indexDir`.
 * Files whose format has no parser in this build are skipped and counted, and files that fail
 * to parse are counted apart; neither stops the build.
 */
export async function buildIndex(
  dir: string,
  indexDir: string,
  options: BuildIndexOptions = {},
): Promise<BuildIndexResult> {
  const started = Date.now();
  const root = resolve(dir);
  if (!existsSync(root)) throw new DistillError('NOT_FOUND', `Not Found: ${dir} does not exist`);
  const registry = options.registry ?? defaultRegistry;
  const skipped: SkippedFile[] = [];
  const failed: SkippedFile[] = [];
  const warnings: string[] = [];
  const docs: IndexedDoc[] = [];
  const paths: string[] = [];
  for await (const p of walk(root, resolve(indexDir))) paths.push(p);

  const indexOne = async (abs: string): Promise<IndexedDoc | undefined> => {
    const rel = relative(root, abs).split(sep).join('/');
    const format = formatFromExtension(abs);
    const skip = (reason: string) => {
      skipped.push({ path: rel, reason });
      options.onDocument?.({ path: rel, status: 'skipped', reason });
      return undefined;
    };
    if (!format) return skip('not a document format distill reads');
    if (!registry.get(format)) return skip(`no ${format.toUpperCase()} parser in this build`);
    const url = pathToFileURL(abs).href;
    let result: ParseResult;
    try {
      result = await parse(
        abs,
        { formats: ['markdown', 'images'], timeout: options.timeout ?? 60_000 },
        { registry, baseUrl: url, signal: options.signal },
      );
    } catch (e) {
      const err = toDistillError(e);
      if (err.code === 'UNSUPPORTED_FILE_TYPE') return skip(err.message);
      failed.push({ path: rel, reason: `${err.code}: ${err.message}` });
      options.onDocument?.({ path: rel, status: 'failed', reason: err.code });
      return undefined;
    }
    const md = result.markdown ?? '';
    const text = markdownToText(md);
    const filename = rel.slice(rel.lastIndexOf('/') + 1);
    const title = titleOf(result, md, filename);
    const fromMeta = metadataDate(result.metadata);
    const date = fromMeta ?? (await stat(abs)).mtimeMs;
    const tokens = tokenize(text);
    // Pages keep their head as written: repeated citation_author tags and the saved-from mark.
    const html =
      format === 'html' || format === 'xhtml'
        ? await readFile(abs, 'utf8').catch(() => undefined)
        : undefined;
    const sourceUrl = webOrigin(html, result.metadata);
    const paper = paperOf({
      markdown: md,
      metadata: result.metadata,
      metaTags: html === undefined ? undefined : metaTags(html),
      path: rel,
    });
    options.onDocument?.({ path: rel, status: 'indexed' });
    return {
      id: 0,
      url,
      path: rel,
      title,
      description: describe(result, text),
      date: new Date(date).toISOString(),
      dateSource: fromMeta === undefined ? 'mtime' : 'metadata',
      filetype: filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '',
      format,
      host: hostFor(rel, options.host) ?? (sourceUrl ? new URL(sourceUrl).hostname : undefined),
      text: text.length > TEXT_CAP ? text.slice(0, TEXT_CAP) : text,
      length: tokens.length,
      titleTokens: tokenize(title),
      images: await collectImages(result),
      ...(sourceUrl ? { sourceUrl } : {}),
      ...(paper ? { paper } : {}),
      // Tokens ride along to the postings pass below and are dropped before writing.
      ...({ tokens } as object),
    } as IndexedDoc;
  };

  // A small pool: results are placed by input order, so the index is the same run to run.
  const slots: (IndexedDoc | undefined)[] = new Array(paths.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, options.concurrency ?? 4) }, async () => {
    while (next < paths.length) {
      if (options.signal?.aborted) throw new DistillError('REQUEST_TIMEOUT');
      const i = next++;
      slots[i] = await indexOne(paths[i]);
    }
  });
  await Promise.all(workers);

  const postings: Record<string, number[]> = Object.create(null);
  let totalLength = 0;
  let images = 0;
  for (const d of slots) {
    if (!d) continue;
    d.id = docs.length;
    docs.push(d);
    const tf = new Map<string, number>();
    const tokens = (d as IndexedDoc & { tokens?: string[] }).tokens ?? [];
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of d.titleTokens) if (!tf.has(t)) tf.set(t, 0);
    for (const [t, n] of tf) {
      const list = postings[t] ?? [];
      if (!postings[t]) postings[t] = list;
      list.push(d.id, n);
    }
    delete (d as IndexedDoc & { tokens?: string[] }).tokens;
    totalLength += d.length;
    images += d.images.length;
  }
  for (const s of skipped) warnings.push(`skipped ${s.path}: ${s.reason}`);
  for (const f of failed) warnings.push(`failed  ${f.path}: ${f.reason}`);
  const stats: IndexStats = {
    files: paths.length,
    indexed: docs.length,
    skipped: skipped.length,
    failed: failed.length,
    images,
    terms: Object.keys(postings).length,
    papers: docs.filter((d) => d.paper).length,
    ms: Date.now() - started,
  };
  const data: IndexData = {
    version: INDEX_VERSION,
    root,
    host: options.host,
    builtAt: new Date().toISOString(),
    stats,
    skipped,
    failed,
    docs,
    avgLength: docs.length ? totalLength / docs.length : 0,
    postings,
  };
  const indexFile = await writeIndex(indexDir, data);
  return { indexFile, stats, skipped, failed, warnings };
}
