import { runJoins } from '../layout/cut-joins.js';
import type { PdfPage } from '../pdfjs.js';
import { loadPdfjs } from '../pdfjs.js';
import { settleFieldKinds } from '../shapes.js';
import type { Box, LinkArea, PageInput, TextRun } from '../types.js';
import { type Matrix, multiplyMatrix, type OpCodes, readGraphics } from './graphics.js';

/** Caps runs kept per page: a hostile page with millions of tiny runs is cut, not choked on. */
export const MAX_RUNS = 60_000;

interface FontInfo {
  bold: boolean;
  italic: boolean;
}

export const BOLD_NAME = /bold|black|heavy|semibold|demi|medi\b|medium|[-,]bd\b|extrab|ultrab/i;
export const ITALIC_NAME = /italic|oblique|[-,]it\b/i;

function fontInfo(page: PdfPage, fontName: string, cache: Map<string, FontInfo>): FontInfo {
  let info = cache.get(fontName);
  if (info) return info;
  let name = '';
  let bold = false;
  let italic = false;
  try {
    if (page.commonObjs.has(fontName)) {
      const font = page.commonObjs.get(fontName) as {
        name?: string;
        bold?: boolean;
        italic?: boolean;
        black?: boolean;
      };
      name = font?.name ?? '';
      bold = !!(font?.bold || font?.black);
      italic = !!font?.italic;
    }
  } catch {
    // A font pdf.js failed to load: treat as regular.
  }
  info = { bold: bold || BOLD_NAME.test(name), italic: italic || ITALIC_NAME.test(name) };
  cache.set(fontName, info);
  return info;
}

/**
 * Reads one page: its text runs with boxes and font style, the drawn lines and rectangles,
 * image boxes and link annotations, all in the top-left page frame in points.
 */
export async function extractPage(page: PdfPage, pageNumber: number): Promise<PageInput> {
  const pdfjs = await loadPdfjs();
  const viewport = page.getViewport({ scale: 1 });
  const vt = viewport.transform as Matrix;
  const width = viewport.width;
  const height = viewport.height;

  // The operator list loads the fonts (whose names say bold or italic) and holds the drawing.
  // Annotation appearances (form fields, stamps) are not page text; skipping them saves work.
  const opList = await page.getOperatorList({
    intent: 'display',
    annotationMode: pdfjs.AnnotationMode.DISABLE,
  });
  const O = pdfjs.OPS as unknown as Record<string, number>;
  const ops: OpCodes = {
    save: O.save,
    restore: O.restore,
    dependency: O.dependency,
    setGState: O.setGState,
    transform: O.transform,
    constructPath: O.constructPath,
    paintFormXObjectBegin: O.paintFormXObjectBegin,
    paintFormXObjectEnd: O.paintFormXObjectEnd,
    paintImageXObject: O.paintImageXObject,
    paintInlineImageXObject: O.paintInlineImageXObject,
    paintImageMaskXObject: O.paintImageMaskXObject,
    stroke: O.stroke,
    closeStroke: O.closeStroke,
    fill: O.fill,
    eoFill: O.eoFill,
    fillStroke: O.fillStroke,
    eoFillStroke: O.eoFillStroke,
    closeFillStroke: O.closeFillStroke,
    closeEOFillStroke: O.closeEOFillStroke,
    setFillRGBColor: O.setFillRGBColor,
    setFillColorN: O.setFillColorN,
    setFillTransparent: O.setFillTransparent,
  };
  const graphics = readGraphics(opList.fnArray, opList.argsArray, ops, vt);

  const content = await page.getTextContent({ includeMarkedContent: false });
  const styles = content.styles as Record<string, { ascent?: number; descent?: number; vertical?: boolean }>;
  const fonts = new Map<string, FontInfo>();
  const cut: string[] = [];
  const runs = textItemsToRuns(
    content.items as { str?: string; transform?: number[]; width?: number; fontName?: string }[],
    vt,
    (item) => {
      const style = styles[item.fontName ?? ''] ?? {};
      const f = fontInfo(page, item.fontName ?? '', fonts);
      return {
        ascent: style.ascent,
        descent: style.descent,
        vertical: style.vertical,
        bold: f.bold,
        italic: f.italic,
      };
    },
    (m) => cut.push(m),
  );

  const links: LinkArea[] = [];
  try {
    const annots = (await page.getAnnotations({ intent: 'display' })) as {
      subtype?: string;
      url?: string;
      unsafeUrl?: string;
      rect?: number[];
    }[];
    for (const a of annots) {
      if (a.subtype !== 'Link' || !a.rect) continue;
      const link = linkArea(a.url ?? a.unsafeUrl, a.rect, vt);
      if (link) links.push(link);
    }
  } catch {
    // Broken annotations never cost the page its text.
  }

  const images = keepImages(graphics.images, width, height);
  return {
    pageNumber,
    width,
    height,
    runs,
    rules: graphics.rules,
    rects: graphics.rects,
    strokes: graphics.strokes,
    images,
    links,
    ...(cut.length ? { cut } : {}),
  };
}

/** Font facts a text item needs to become a run. */
export interface ItemStyle {
  ascent?: number;
  descent?: number;
  vertical?: boolean;
  bold: boolean;
  italic: boolean;
}

const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

// Runs (here and in ocr/runs.ts) and link areas have double fields from the start (shapes.ts).
settleFieldKinds(
  {
    text: '',
    x0: 0.5,
    y0: 0.5,
    x1: 0.5,
    y1: 0.5,
    base: 0.5,
    size: 0.5,
    bold: false,
    italic: false,
    rotated: false,
    fill: 0,
  } satisfies TextRun,
  { url: '', x0: 0.5, x1: 0.5, y0: 0.5, y1: 0.5 } satisfies LinkArea,
);

/**
 * Text items (pdf.js getTextContent's shape, or the fast reader's) to runs in the top-left
 * page frame: boxes from the font's ascent and descent, rotated text with an approximate box.
 */
export function textItemsToRuns<
  T extends { str?: string; transform?: number[]; width?: number; fill?: number; joins?: number[] | null },
>(
  items: Iterable<T>,
  vt: Matrix,
  styleOf: (item: T) => ItemStyle,
  onCut?: (message: string) => void,
): TextRun[] {
  const runs: TextRun[] = [];
  for (const item of items) {
    if (runs.length >= MAX_RUNS) {
      onCut?.(`text cut after ${MAX_RUNS.toLocaleString('en-US')} runs`);
      break;
    }
    // Control characters are never text (a font's codes shown raw where nothing maps them).
    const str = item.str?.replace(CONTROL_CHARS, '');
    if (!str || !item.transform || str.trim() === '') continue;
    const tx = multiplyMatrix(vt, item.transform as Matrix);
    const size = Math.hypot(tx[2], tx[3]);
    if (!(size > 0.5) || !Number.isFinite(size)) continue;
    const style = styleOf(item);
    const ascent = style.ascent && style.ascent > 0.3 ? Math.min(style.ascent, 1.1) : 0.8;
    const descent = style.descent && style.descent < 0 ? Math.max(style.descent, -0.5) : -0.2;
    const angle = Math.atan2(tx[1], tx[0]);
    const w = item.width ?? 0;
    if (Math.abs(angle) < 0.05 && !style.vertical) {
      const x0 = tx[4];
      const base = tx[5];
      // Joins along the item are along the page when the item is upright (not mirrored) and no
      // control character was taken out of its text.
      const joins =
        item.joins && tx[0] > 0 && str.length === item.str?.length ? placeJoins(item.joins, x0) : undefined;
      // Every run is built with the same fields in the same order (rotated included), so
      // the layout code that reads them sees one object shape and is compiled once.
      runs.push({
        text: str,
        x0,
        y0: base - ascent * size,
        x1: x0 + w,
        y1: base - descent * size,
        base,
        size,
        bold: style.bold,
        italic: style.italic,
        rotated: false,
        fill: item.fill ?? -1,
      });
      if (joins) runJoins.set(runs[runs.length - 1], joins);
    } else {
      // Rotated text: keep its text with an approximate box around its path.
      const ex = tx[4] + Math.cos(angle) * w;
      const ey = tx[5] + Math.sin(angle) * w;
      runs.push({
        text: str,
        x0: Math.min(tx[4], ex) - size / 2,
        y0: Math.min(tx[5], ey) - size / 2,
        x1: Math.max(tx[4], ex) + size / 2,
        y1: Math.max(tx[5], ey) + size / 2,
        base: tx[5],
        size,
        bold: style.bold,
        italic: style.italic,
        rotated: true,
        fill: item.fill ?? -1,
      });
    }
  }
  return runs;
}

/** Join triples (offset, start, end along the item) with the gap placed on the page. */
// Offsets are in the item's width's units, which give the run its x1 unscaled too.
function placeJoins(joins: readonly number[], x0: number): number[] {
  const out = joins.slice();
  for (let j = 0; j < out.length; j += 3) {
    out[j + 1] += x0;
    out[j + 2] += x0;
  }
  return out;
}

/** A link annotation's area in the page frame, for web and mail targets only. */
export function linkArea(url: string | undefined, rect: number[], vt: Matrix): LinkArea | undefined {
  if (!url || !/^(https?|mailto|ftp):/i.test(url)) return undefined;
  const [ax, ay] = [vt[0] * rect[0] + vt[2] * rect[1] + vt[4], vt[1] * rect[0] + vt[3] * rect[1] + vt[5]];
  const [bx, by] = [vt[0] * rect[2] + vt[2] * rect[3] + vt[4], vt[1] * rect[2] + vt[3] * rect[3] + vt[5]];
  return { url, x0: Math.min(ax, bx), x1: Math.max(ax, bx), y0: Math.min(ay, by), y1: Math.max(ay, by) };
}

/** Images smaller than a few points are bullets, rules or tracking pixels, not pictures. */
export function keepImages(images: Box[], width: number, height: number): Box[] {
  return images.filter(
    (b) => b.x1 - b.x0 > 24 && b.y1 - b.y0 > 24 && b.x1 > 0 && b.y1 > 0 && b.x0 < width && b.y0 < height,
  );
}
