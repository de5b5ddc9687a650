import {
  attr,
  type Block,
  children,
  DistillError,
  type Doc,
  type DocMetadata,
  descendants,
  type ImageSink,
  localName,
  type ParserPlugin,
  parseXml,
  textContent,
  type XmlElement,
  ZipArchive,
} from '@distill/core';
import { pictureSource } from './image.js';
import { convertSlides } from './presentation.js';
import { convertSheet } from './spreadsheet.js';
import { collectStyles, emptyStyles, headingLevelOfStyle } from './styles.js';
import { convertBlocks, type OdfContext } from './text.js';

function readMeta(zip: ZipArchive): DocMetadata {
  const meta: DocMetadata = {};
  if (!zip.entries.has('meta.xml')) return meta;
  const root = parseXml(zip.readText('meta.xml'));
  const m = descendants(root, 'office:meta')[0];
  if (!m) return meta;
  for (const c of children(m)) {
    const v = textContent(c).trim();
    if (!v) continue;
    const ln = localName(c.name);
    if (ln === 'title') meta.title = v;
    else if (ln === 'description') meta.description = v;
    else if (ln === 'subject') meta.subject = v;
    else if (ln === 'keyword') meta.keywords = meta.keywords ? `${meta.keywords}, ${v}` : v;
    else if (ln === 'language') meta.language = v;
    else if (ln === 'initial-creator') meta.author ??= v;
    else if (ln === 'creator') meta.author = meta.author ?? v;
    else if (ln === 'creation-date') meta.created = v;
  }
  return meta;
}

/** Reads an OpenDocument package (odt, ods, odp) from its content.xml and styles.xml. */
export interface OdfOptions {
  checkpoint?: () => void;
  /** Receives warnings about content cut to stay within the memory bounds. */
  warn?: (message: string) => void;
  /** Embed pictures as data URIs (when the caller keeps base64 images). */
  embedImages?: boolean;
  /** Images as files: pictures are written here and linked. */
  images?: ImageSink;
}

export function parseOdf(bytes: Uint8Array, options: OdfOptions = {}): Doc {
  const checkpoint = options.checkpoint ?? (() => {});
  const zip = new ZipArchive(bytes);
  if (zip.entries.has('META-INF/manifest.xml')) {
    const manifest = zip.readText('META-INF/manifest.xml');
    if (manifest.includes('encryption-data'))
      throw new DistillError(
        'FILE_ENCRYPTED',
        'Unprocessable Entity: the OpenDocument file is password-protected',
      );
  }
  if (!zip.entries.has('content.xml'))
    throw new DistillError(
      'FILE_CORRUPT',
      'Unprocessable Entity: the OpenDocument package has no content.xml',
    );
  const styles = emptyStyles();
  if (zip.entries.has('styles.xml')) collectStyles(parseXml(zip.readText('styles.xml')), styles);
  const content = parseXml(zip.readText('content.xml'));
  collectStyles(content, styles);
  const readPart = (name: string) => (zip.entries.has(name) ? zip.readText(name) : undefined);
  const pictureSrc = (href: string) => pictureSource(zip, href, options.embedImages === true, options.images);
  const cx: OdfContext = {
    styles,
    notes: [],
    noteCount: 0,
    headingShift: 0,
    checkpoint,
    warn: options.warn,
    readPart,
    pictureSrc,
  };
  const body = children(content, 'office:body')[0];
  const blocks: Block[] = [];
  const kind: XmlElement | undefined = body ? children(body)[0] : undefined;
  const ln = kind ? localName(kind.name) : '';
  if (kind && ln === 'spreadsheet') {
    for (const t of children(kind, 'table:table')) blocks.push(...convertSheet(t, cx));
  } else if (kind && (ln === 'presentation' || ln === 'drawing')) {
    blocks.push(...convertSlides(kind, cx));
  } else if (kind) {
    // A Title paragraph takes level 1, so the outline's headings move one level down.
    const hasTitle = descendants(kind, 'text:p').some(
      (p) => headingLevelOfStyle(styles, attr(p, 'text:style-name')) === 'title',
    );
    cx.headingShift = hasTitle ? 1 : 0;
    blocks.push(...convertBlocks(kind.children, cx));
  }
  blocks.push(...cx.notes);
  return { blocks, metadata: readMeta(zip) };
}

export const odfParser: ParserPlugin = {
  name: 'odf',
  formats: ['odt', 'ods', 'odp'],
  parse(bytes, ctx) {
    return parseOdf(bytes, {
      checkpoint: () => ctx.checkpoint(),
      warn: (m: string) => ctx.warn(m),
      embedImages: ctx.options.removeBase64Images === false,
      images: ctx.images,
    });
  },
};
