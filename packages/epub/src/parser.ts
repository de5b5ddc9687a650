import {
  archiveDataUri,
  attr,
  type Block,
  DistillError,
  type Doc,
  type DocMetadata,
  descendants,
  type ImageSink,
  type Inline,
  mapInlines,
  type ParserPlugin,
  parseXml,
  resolveArchivePath,
  text,
  withOrigin,
  writeArchiveImage,
  ZipArchive,
} from '@distill/core';
import { chapterToBlocks } from './chapter.js';
import { navTitles } from './navigation.js';
import { type PackageDocument, readPackageDocument, rootfilePath } from './package-document.js';

const encrypted = () =>
  new DistillError('FILE_ENCRYPTED', 'Unprocessable Entity: the EPUB is protected by DRM or encryption');

const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

/** Archive paths of content encrypted with something other than font obfuscation. */
function encryptedPaths(zip: ZipArchive): Set<string> {
  const out = new Set<string>();
  if (!zip.entries.has('META-INF/encryption.xml')) return out;
  const root = parseXml(zip.readText('META-INF/encryption.xml'));
  for (const ed of descendants(root, 'EncryptedData')) {
    const method = descendants(ed, 'EncryptionMethod')[0];
    const alg = method ? (attr(method, 'Algorithm') ?? '') : '';
    if (FONT_OBFUSCATION.has(alg)) continue;
    const ref = descendants(ed, 'CipherReference')[0];
    const uri = ref ? attr(ref, 'URI') : undefined;
    const p = uri ? resolveArchivePath('', uri) : undefined;
    if (p) out.add(p);
  }
  return out;
}

/** Links and images of a chapter: relative ones resolve inside the archive, escapes are dropped. */
function resolveRefs(
  blocks: Block[],
  chapterPath: string,
  has: (p: string) => boolean,
  picture: (p: string) => string,
): Block[] {
  const fix = (href: string | undefined): string | undefined => {
    if (!href || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return href;
    const [p, frag] = href.split('#');
    const resolved = resolveArchivePath(chapterPath, p);
    if (resolved === undefined) return undefined;
    return frag ? `${resolved}#${frag}` : resolved;
  };
  const mapped = mapInlines(blocks, (nodes: Inline[]) =>
    nodes.flatMap((n): Inline[] => {
      if (n.kind === 'link') {
        const href = fix(n.href);
        return href === undefined ? n.children : [{ ...n, href }];
      }
      if (n.kind === 'image') {
        const src = fix(n.src);
        if (src !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(src)) return [{ ...n, src }];
        return src !== undefined && has(src.split('#')[0])
          ? [{ ...n, src: picture(src.split('#')[0]) }]
          : [{ ...n, src: undefined }];
      }
      return [n];
    }),
  );
  return mapped.map((b) => {
    if (b.kind !== 'image') return b;
    const src = fix(b.src);
    if (src !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(src)) return { ...b, src };
    return { ...b, src: src !== undefined && has(src) ? picture(src) : undefined };
  });
}

/** A picture's `src`: its archive path, or a data URI typed by the manifest when embedding. */
function pictureSource(
  zip: ZipArchive,
  p: string,
  pkg: PackageDocument,
  embed: boolean,
  sink: ImageSink | undefined,
): string {
  // Images as files: the member is written as stored and linked.
  if (sink) return writeArchiveImage(zip, p, sink) ?? p;
  if (!embed) return p;
  const item = [...pkg.manifest.values()].find((i) => i.path === p);
  const mime = item?.mediaType.startsWith('image/') ? item.mediaType : undefined;
  return (mime && archiveDataUri(zip, p, mime)) || p;
}

export interface EpubOptions {
  checkpoint?: () => void;
  /** Embed pictures as data URIs (when the caller keeps base64 images); else archive paths. */
  embedImages?: boolean;
  /** Images as files: pictures are written here and linked. */
  images?: ImageSink;
  warn?: (message: string) => void;
}

/** EPUB 2 and 3: container → package document → spine, each chapter to blocks. */
export function readEpub(bytes: Uint8Array, options: EpubOptions = {}): Doc {
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    options.warn?.(m);
  };
  const zip = new ZipArchive(bytes);
  if (zip.entries.has('META-INF/rights.xml')) throw encrypted();
  if (!zip.entries.has('META-INF/container.xml'))
    throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the EPUB has no META-INF/container.xml');
  const opfPath = rootfilePath(zip.readText('META-INF/container.xml'));
  if (!zip.entries.has(opfPath))
    throw new DistillError(
      'FILE_CORRUPT',
      `Unprocessable Entity: the EPUB's package document ${opfPath} is missing`,
    );
  const pkg = readPackageDocument(opfPath, zip.readText(opfPath));
  const locked = encryptedPaths(zip);
  const has = (p: string) => zip.entries.has(p);
  const picture = (p: string) => pictureSource(zip, p, pkg, options.embedImages === true, options.images);

  const navItem = [...pkg.manifest.values()].find((i) => i.properties.includes('nav'));
  const ncxItem = pkg.ncxId ? pkg.manifest.get(pkg.ncxId) : undefined;
  const readOpt = (p: string | undefined) => (p && has(p) ? zip.readText(p) : undefined);
  let titles = new Map<string, string>();
  try {
    titles = navTitles(readOpt(navItem?.path), navItem?.path, readOpt(ncxItem?.path), ncxItem?.path);
  } catch {
    warn('The EPUB navigation could not be read; chapter titles come from the chapters.');
  }

  const blocks: Block[] = [];
  const metaLine = (label: string, value: string | undefined) => {
    if (value)
      blocks.push({
        kind: 'paragraph',
        content: [{ kind: 'strong', children: [text(`${label}:`)] }, text(` ${value}`)],
      });
  };
  metaLine('Title', pkg.title);
  metaLine('Authors', pkg.authors.join(', ') || undefined);
  metaLine('Language', pkg.language);
  metaLine('Publisher', pkg.publisher);
  metaLine('Date', pkg.date);
  metaLine('Description', pkg.description);
  metaLine('Identifier', pkg.identifier);

  let chapters = 0;
  // A spine that lists a chapter again (a loop, or a hostile repetition) reads it once.
  const seen = new Set<string>();
  let repeated = 0;
  for (const idref of pkg.spine) {
    options.checkpoint?.();
    if (seen.has(idref)) {
      repeated++;
      continue;
    }
    seen.add(idref);
    const item = pkg.manifest.get(idref);
    if (!item) {
      warn(`Spine item ${idref} is not in the manifest; skipped.`);
      continue;
    }
    if (item.properties.includes('nav')) continue; // the table of contents is not content
    if (item.path === undefined) {
      warn(`Spine item ${item.href} points outside the archive; refused.`);
      continue;
    }
    if (!has(item.path)) {
      warn(`Spine item ${item.path} is missing from the archive; skipped.`);
      continue;
    }
    if (locked.has(item.path)) throw encrypted();
    if (!/x?html|xml/.test(item.mediaType) && item.mediaType !== '') continue;
    let chapter: Block[];
    try {
      chapter = chapterToBlocks(zip.readText(item.path), { baseUrl: item.path });
    } catch (e) {
      if (e instanceof DistillError && e.code !== 'FILE_CORRUPT') throw e;
      warn(`Chapter ${item.path} could not be read; skipped.`);
      continue;
    }
    chapter = resolveRefs(chapter, item.path, has, picture);
    const title = titles.get(item.path);
    if (title && chapter[0]?.kind !== 'heading')
      chapter.unshift({ kind: 'heading', level: 1, content: [text(title)] });
    chapters++;
    // The chapter is the page of a book: its file in the package, its place in the spine.
    blocks.push(...withOrigin(chapter, chapters, { chapter: item.path }));
  }
  if (repeated > 0)
    warn(`The spine lists ${repeated.toLocaleString('en-US')} chapters again; each chapter was read once.`);
  if (chapters === 0 && pkg.spine.length > 0) warn('No chapter of the EPUB could be read.');

  const metadata: DocMetadata = {};
  if (pkg.title) metadata.title = pkg.title;
  if (pkg.authors.length) metadata.author = pkg.authors.join(', ');
  if (pkg.language) metadata.language = pkg.language;
  if (pkg.description) metadata.description = pkg.description;
  if (pkg.publisher) metadata.publisher = pkg.publisher;
  return { blocks, metadata, warnings: warnings.length ? warnings : undefined };
}

export const epubParser: ParserPlugin = {
  name: 'epub',
  formats: ['epub'],
  parse(bytes, ctx) {
    return readEpub(bytes, {
      checkpoint: () => ctx.checkpoint(),
      embedImages: ctx.options.removeBase64Images === false,
      images: ctx.images,
    });
  },
};
