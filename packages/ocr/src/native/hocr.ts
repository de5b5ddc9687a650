import type { TessLine, TessResult } from '../pool.js';

/** The hOCR classes tesseract gives a text line (a caption, a heading, a floating line are lines too). */
const LINE_CLASSES = new Set(['ocr_line', 'ocr_header', 'ocr_caption', 'ocr_textfloat']);

/** An element of interest: its class, its `title` properties and, for a word, its text. */
const ELEMENT =
  /<(div|p|span) class='([a-z_]+)'[^>]*? title=(?:"([^"]*)"|'([^']*)')[^>]*>(?:([^<]*)<\/span>)?/g;

/**
 * Parses the hOCR native tesseract writes (`tessedit_create_hocr`) into the shape of a
 * tesseract.js reading: a block per `ocr_carea`, lines with their box, baseline (hOCR gives
 * slope and offset from the line box's bottom left corner; turned back into two end points)
 * and row height (`x_size`, the row height tesseract.js reports as `rowAttributes.rowHeight`),
 * words with their box and confidence (`x_wconf`, 0..100).
 */
export function parseHocr(hocr: string): TessResult {
  const blocks: { paragraphs: { lines: TessLine[] }[] }[] = [];
  let line: TessLine | undefined;
  const text: string[] = [];
  for (const m of hocr.matchAll(ELEMENT)) {
    const cls = m[2];
    const title = properties(m[3] ?? m[4] ?? '');
    const box = title.bbox;
    if (!box || box.length < 4) continue;
    const bbox = { x0: box[0], y0: box[1], x1: box[2], y1: box[3] };
    if (cls === 'ocr_carea') {
      blocks.push({ paragraphs: [{ lines: [] }] });
    } else if (LINE_CLASSES.has(cls)) {
      if (blocks.length === 0) blocks.push({ paragraphs: [{ lines: [] }] });
      line = { bbox, words: [] };
      const [slope, offset] = title.baseline ?? [];
      if (slope !== undefined && offset !== undefined) {
        const y = (x: number) => bbox.y1 + offset + slope * (x - bbox.x0);
        line.baseline = { x0: bbox.x0, y0: y(bbox.x0), x1: bbox.x1, y1: y(bbox.x1) };
      }
      if (title.x_size?.[0]) line.rowAttributes = { rowHeight: title.x_size[0] };
      const paragraphs = blocks[blocks.length - 1].paragraphs;
      paragraphs[paragraphs.length - 1].lines.push(line);
      if (text.length) text.push('\n');
    } else if (cls === 'ocrx_word' && line) {
      const word = decodeEntities(m[5] ?? '');
      line.words?.push({ text: word, confidence: title.x_wconf?.[0] ?? 0, bbox });
      text.push(line.words && line.words.length > 1 ? ` ${word}` : word);
    }
  }
  return { data: { blocks, text: text.join('') } };
}

/** `bbox 1 2 3 4; x_wconf 96` → { bbox: [1, 2, 3, 4], x_wconf: [96] } (numbers only). */
function properties(title: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const part of title.split(';')) {
    const [key, ...values] = part.trim().split(/\s+/);
    if (key) out[key] = values.map(Number).filter((v) => Number.isFinite(v));
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
      );
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}
