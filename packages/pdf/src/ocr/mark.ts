import type { Block, PageInfo, Prov } from '@distill/core';
import type { OcrBox } from './runs.js';

export interface OcrPageInfo {
  /** Mean word confidence of the page, 0..1. */
  confidence: number;
  /** Word boxes normalised to the page (0..1), with confidence. */
  words: OcrBox[];
  width: number;
  height: number;
  /** The page had no readable text. */
  empty?: boolean;
  /**
   * Only these areas (image boxes, in points) were read by OCR, on a page otherwise read from
   * its text layer: only blocks inside them are marked, and the page keeps its status.
   */
  regions?: { x0: number; y0: number; x1: number; y1: number }[];
  /** Why the page was read by OCR (an OcrReason, or 'ocr-mode'); absent for image regions. */
  reason?: string;
  /** The page is one scanned image, read from its pixels without pdf.js drawing it (scan-image.ts). */
  fromImage?: boolean;
  /** Resolution the engine read the page at when below its rendering's (read-scale.ts). */
  readDpi?: number;
  /** The OCR engine that read the page (`tesseract`, `native`, `paddle`). */
  engine?: string;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Mean confidence of the words whose centre lies in the box; the page's mean when none does. */
function boxConfidence(info: OcrPageInfo, bbox: Prov['bbox']): number {
  if (!bbox) return info.confidence;
  const [x0, y0, x1, y1] = bbox;
  let sum = 0;
  let n = 0;
  for (const w of info.words) {
    const cx = (w.x0 + w.x1) / 2 / (info.width || 1);
    const cy = (w.y0 + w.y1) / 2 / (info.height || 1);
    if (cx >= x0 - 0.002 && cx <= x1 + 0.002 && cy >= y0 - 0.002 && cy <= y1 + 0.002) {
      sum += w.confidence;
      n++;
    }
  }
  return n ? sum / n : info.confidence;
}

const norm = (v: number) => Math.round(v * 1e4) / 1e4;

/** The OCR words whose centre lies in a line's box, left to right, with normalised boxes. */
function lineWords(
  info: OcrPageInfo,
  [x0, y0, x1, y1]: [number, number, number, number],
): { text: string; bbox: [number, number, number, number] }[] {
  const w = info.width || 1;
  const h = info.height || 1;
  return info.words
    .filter((b) => {
      const cx = (b.x0 + b.x1) / 2 / w;
      const cy = (b.y0 + b.y1) / 2 / h;
      return b.text && cx >= x0 - 0.002 && cx <= x1 + 0.002 && cy >= y0 - 0.002 && cy <= y1 + 0.002;
    })
    .sort((a, b) => a.x0 - b.x0)
    .map((b) => ({ text: b.text!, bbox: [norm(b.x0 / w), norm(b.y0 / h), norm(b.x1 / w), norm(b.y1 / h)] }));
}

/** Whether a block lies in the page's OCR'd areas (always, for a page read whole). */
function inRegions(info: OcrPageInfo, bbox: Prov['bbox']): boolean {
  if (!info.regions) return true;
  if (!bbox) return false;
  const cx = ((bbox[0] + bbox[2]) / 2) * info.width;
  const cy = ((bbox[1] + bbox[3]) / 2) * info.height;
  return info.regions.some((r) => cx >= r.x0 - 1 && cx <= r.x1 + 1 && cy >= r.y0 - 1 && cy <= r.y1 + 1);
}

function mark(block: Block, ocr: ReadonlyMap<number, OcrPageInfo>): void {
  if (block.kind === 'pageBreak') return;
  const prov = block.prov;
  const info = prov ? ocr.get(prov.page) : undefined;
  if (prov && info && inRegions(info, prov.bbox)) {
    prov.confidence = { ...prov.confidence, ocr: round(boxConfidence(info, prov.bbox)) };
    if (prov.lines) for (const line of prov.lines) line.words = lineWords(info, line.bbox);
  }
  if (block.kind === 'list') for (const item of block.items) for (const b of item.blocks) mark(b, ocr);
  else if (block.kind === 'quote' || block.kind === 'footnote') for (const b of block.children) mark(b, ocr);
}

/**
 * Blocks of OCR'd pages carry `confidence.ocr` (the mean confidence of their words), which
 * also makes their `source` 'ocr' in the blocks output; their pages are marked as OCR'd.
 */
export function markOcrBlocks(
  blocks: Block[],
  pages: PageInfo[],
  ocr: ReadonlyMap<number, OcrPageInfo>,
): void {
  if (ocr.size === 0) return;
  for (const b of blocks) mark(b, ocr);
  for (const p of pages) {
    const info = ocr.get(p.pageNumber);
    if (!info) continue;
    if (info.regions) continue;
    p.ocr = true;
    if (info.reason) p.ocrReason = info.reason;
    if (p.status !== 'error') p.status = info.empty ? 'empty' : 'ocr';
  }
}
