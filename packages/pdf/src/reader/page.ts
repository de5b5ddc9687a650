import { readGraphics } from '../extract/graphics.js';
import { BOLD_NAME, ITALIC_NAME, keepImages, linkArea, textItemsToRuns } from '../extract/page.js';
import { MAX_IMAGE_PIXELS } from '../image-limits.js';
import type { Box, LinkArea, PageInput } from '../types.js';
import { BudgetExhausted, ContentInterpreter, type DrawnPicture, MAX_ITEMS } from './content/interpreter.js';
import { READER_OPS } from './content/ops.js';
import type { PageRecord, PdfFile } from './document.js';
import { MAX_DECODED } from './filters.js';
import type { Font, FontCache } from './fonts.js';
import { decodeTextString, isName, isNum, type PdfObject, Ref, Stream } from './objects.js';

/** Operators one page may run, forms included (a nested-form bomb stops here). */
const MAX_PAGE_OPS = 3_000_000;
const MAX_PAGE_FORMS = 4_000;
const LETTER = [0, 0, 612, 792];

type Matrix = [number, number, number, number, number, number];

function rect(file: PdfFile, o: PdfObject | undefined): number[] | undefined {
  const a = file.array(o);
  if (!a || a.length !== 4) return undefined;
  const v = a.map((x) => file.resolve(x));
  if (!v.every(isNum)) return undefined;
  const [x0, y0, x1, y1] = v as number[];
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/** The page's view box (CropBox within MediaBox) and rotation, as pdf.js's Page.view/rotate. */
export function pageView(file: PdfFile, rec: PageRecord): { view: number[]; rotate: number } {
  let media = rect(file, rec.mediaBox);
  if (!media || media[2] - media[0] <= 0 || media[3] - media[1] <= 0) media = LETTER;
  let view = media;
  const crop = rect(file, rec.cropBox);
  if (crop) {
    const x0 = Math.max(crop[0], media[0]);
    const y0 = Math.max(crop[1], media[1]);
    const x1 = Math.min(crop[2], media[2]);
    const y1 = Math.min(crop[3], media[3]);
    if (x1 > x0 && y1 > y0) view = [x0, y0, x1, y1];
  }
  let rotate = file.num(rec.rotate) ?? 0;
  if (rotate % 90 !== 0) rotate = 0;
  else if (rotate >= 360) rotate %= 360;
  else if (rotate < 0) rotate = ((rotate % 360) + 360) % 360;
  return { view, rotate };
}

/** pdf.js's PageViewport at scale 1: user space to the top-left, y-down frame. */
export function viewport(
  view: number[],
  rotation: number,
): { transform: Matrix; width: number; height: number } {
  const cx = (view[2] + view[0]) / 2;
  const cy = (view[3] + view[1]) / 2;
  let a = 1;
  let b = 0;
  let c = 0;
  let d = -1;
  if (rotation === 180) [a, b, c, d] = [-1, 0, 0, 1];
  else if (rotation === 90) [a, b, c, d] = [0, 1, 1, 0];
  else if (rotation === 270) [a, b, c, d] = [0, -1, -1, 0];
  let ox: number;
  let oy: number;
  let width: number;
  let height: number;
  if (a === 0) {
    ox = Math.abs(cy - view[1]);
    oy = Math.abs(cx - view[0]);
    width = view[3] - view[1];
    height = view[2] - view[0];
  } else {
    ox = Math.abs(cx - view[0]);
    oy = Math.abs(cy - view[1]);
    width = view[2] - view[0];
    height = view[3] - view[1];
  }
  return { transform: [a, b, c, d, ox - a * cx - c * cy, oy - b * cx - d * cy], width, height };
}

/**
 * The page's content streams, decoded within MAX_DECODED bytes for all of them together (a page
 * of a thousand bombs is not a thousand limits); a stream cut or unreadable is noted by the file.
 */
export function contentBytes(file: PdfFile, contents: PdfObject | undefined): Uint8Array {
  const c = file.resolve(contents);
  const streams: Stream[] = [];
  if (c instanceof Stream) streams.push(c);
  else if (Array.isArray(c))
    for (const x of c) {
      const s = file.resolve(x);
      if (s instanceof Stream) streams.push(s);
    }
  let left = MAX_DECODED;
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    if (left <= 0) {
      file.notes.push(
        `${streams.length - parts.length} content streams past ${MAX_DECODED / 1048576} MB left out`,
      );
      break;
    }
    const part = file.decodeText(s, left, 'a content stream');
    parts.push(part);
    left -= part.length + 1;
  }
  if (parts.length === 1) return parts[0];
  // Streams of one page are joined with a space between (a token may not span two).
  const total = parts.reduce((n, p) => n + p.length + 1, 0);
  const out = new Uint8Array(total);
  let p = 0;
  for (const part of parts) {
    out.set(part, p);
    p += part.length;
    out[p++] = 0x20;
  }
  return out;
}

const ALLOWED_URL = /^(https?|ftp|mailto|tel):$/;

function annotationUrl(file: PdfFile, annot: Map<string, PdfObject>): string | undefined {
  const action = file.dict(annot.get('A'));
  if (!action || !isName(file.resolve(action.get('S')), 'URI')) return undefined;
  const uri = file.resolve(action.get('URI'));
  let raw =
    uri instanceof Uint8Array ? Buffer.from(uri).toString('latin1') : isName(uri) ? `/${uri.name}` : '';
  if (!raw) return undefined;
  try {
    // pdf.js reads UTF-8 in URI strings when it decodes.
    const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
    if (!utf8.includes('\ufffd')) raw = utf8;
  } catch {
    // keep the raw string
  }
  const withProtocol = raw.startsWith('www.') ? `http://${raw}` : raw;
  try {
    const u = new URL(withProtocol);
    if (ALLOWED_URL.test(u.protocol)) return u.href;
  } catch {
    // not an absolute URL: pdf.js keeps it as unsafeUrl
  }
  return raw;
}

function readLinks(file: PdfFile, rec: PageRecord, vt: Matrix): LinkArea[] {
  const links: LinkArea[] = [];
  try {
    const annots = file.array(rec.dict.get('Annots')) ?? [];
    for (const a of annots.slice(0, 10_000)) {
      const d = file.dict(a);
      if (!d || !isName(file.resolve(d.get('Subtype')), 'Link')) continue;
      const flags = file.num(d.get('F')) ?? 0;
      if (flags & (2 | 32)) continue;
      const r = rect(file, d.get('Rect'));
      if (!r) continue;
      const link = linkArea(annotationUrl(file, d.map), r, vt);
      if (link) links.push(link);
    }
  } catch {
    // Broken annotations never cost the page its text.
  }
  return links;
}

const styleCache = new WeakMap<Font, { ascent?: number; descent?: number; bold: boolean; italic: boolean }>();
function fontStyle(font: Font) {
  let s = styleCache.get(font);
  if (!s) {
    s = {
      ascent: Number.isNaN(font.ascent) ? undefined : font.ascent,
      descent: Number.isNaN(font.descent) ? undefined : font.descent,
      bold: font.bold || BOLD_NAME.test(font.name),
      italic: font.italic || ITALIC_NAME.test(font.name),
    };
    styleCache.set(font, s);
  }
  return s;
}

/**
 * One page through the fast reader, to the same PageInput extract/page.ts makes with pdf.js.
 * Throws Unsupported when a font or construct needs pdf.js; the caller falls back.
 */
/**
 * Image XObjects of a page's resources (its forms' too, a few levels down) past the pixels
 * OCR's renderer decodes, as `W × H`: what `ocr` mode, which reads no text layer, names in its
 * warning. Resources are looked at, not the content stream, so this costs no page read.
 */
export function oversizedImagesOf(file: PdfFile, rec: PageRecord): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (resources: PdfObject | undefined, depth: number): void => {
    const xobjects = file.dict(file.dict(resources)?.get('XObject'));
    if (!xobjects || depth > 4) return;
    for (const raw of xobjects.map.values()) {
      if (raw instanceof Ref) {
        if (seen.has(raw.key) || seen.size > 1000) continue;
        seen.add(raw.key);
      }
      const x = file.resolve(raw);
      if (!(x instanceof Stream)) continue;
      const subtype = file.resolve(x.dict.get('Subtype'));
      if (isName(subtype, 'Form')) walk(x.dict.get('Resources'), depth + 1);
      if (!isName(subtype, 'Image')) continue;
      const w = file.num(x.dict.get('Width') ?? x.dict.get('W')) ?? 0;
      const h = file.num(x.dict.get('Height') ?? x.dict.get('H')) ?? 0;
      const size = `${Math.round(w)} × ${Math.round(h)}`;
      if (w * h > MAX_IMAGE_PIXELS && out.length < 8 && !out.includes(size)) out.push(size);
    }
  };
  walk(rec.resources, 0);
  return out;
}

export function readPageInput(
  file: PdfFile,
  fonts: FontCache,
  rec: PageRecord,
  pageNumber: number,
  opts: { pictures?: boolean } = {},
): PageInput {
  const { view, rotate } = pageView(file, rec);
  const vp = viewport(view, rotate);
  const interp = new ContentInterpreter(file, fonts, view, {
    ops: MAX_PAGE_OPS,
    forms: MAX_PAGE_FORMS,
    bytes: MAX_DECODED,
  });
  if (opts.pictures) interp.pictures = [];
  // Notes left by an earlier page that fell back belong to no page read here.
  file.notes.length = 0;
  const data = contentBytes(file, rec.dict.get('Contents'));
  const cut: string[] = [];
  try {
    interp.run(data, file.dict(rec.resources));
  } catch (e) {
    // A bomb is cut off: what was read so far is the page.
    if (!(e instanceof BudgetExhausted)) throw e;
    cut.push(`content cut after ${MAX_PAGE_OPS.toLocaleString('en-US')} operators`);
  }
  if (interp.items.length >= MAX_ITEMS)
    cut.push(`text cut after ${MAX_ITEMS.toLocaleString('en-US')} text items`);
  const graphics = readGraphics(interp.fnArray, interp.argsArray, READER_OPS, vp.transform);
  const runs = textItemsToRuns(
    interp.items,
    vp.transform,
    (item) => fontStyle(item.font),
    (m) => cut.push(m),
  );
  const links = readLinks(file, rec, vp.transform);
  // What the file noted while this page was read: streams cut or unreadable, fonts ignored.
  for (const n of file.notes.splice(0)) if (!cut.includes(n)) cut.push(n);
  return {
    pageNumber,
    width: vp.width,
    height: vp.height,
    runs,
    rules: graphics.rules,
    rects: graphics.rects,
    strokes: graphics.strokes,
    images: keepImages(graphics.images, vp.width, vp.height),
    ...(interp.pictures
      ? { pictures: placePictures(interp.pictures, vp.transform, vp.width, vp.height) }
      : {}),
    links,
    invisibleTextShare: interp.shownBytes ? interp.invisibleBytes / interp.shownBytes : 0,
    ...(cut.length ? { cut } : {}),
    ...(interp.oversizedImages.length ? { oversizedImages: [...interp.oversizedImages] } : {}),
  };
}

/** Pictures in the page frame: the unit square through the CTM and the view, kept when visible. */
function placePictures(
  drawn: DrawnPicture[],
  view: number[],
  width: number,
  height: number,
): (Box & { source: object })[] {
  const out: (Box & { source: object })[] = [];
  for (const d of drawn) {
    const m = d.ctm;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [u, v] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      const x = m[0] * u + m[2] * v + m[4];
      const y = m[1] * u + m[3] * v + m[5];
      xs.push(view[0] * x + view[2] * y + view[4]);
      ys.push(view[1] * x + view[3] * y + view[5]);
    }
    const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    if (keepImages([box], width, height).length) out.push({ ...box, source: d.stream });
  }
  return out;
}

export { decodeTextString };
