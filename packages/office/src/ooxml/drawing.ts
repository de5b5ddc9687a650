import type { ParseContext, XmlElement } from '@distill/core';
import { type ChartInfo, readChartPart } from './chart.js';
import { cleanAltText, imageSource } from './image.js';
import type { OoxmlPackage } from './package.js';
import { at, find, kid, kids, ln, path, relAttr } from './xml.js';

/** A chart with the cell its anchor starts at (0-based), when the anchor names one. */
export interface PlacedChart extends ChartInfo {
  row?: number;
  col?: number;
}

export interface DrawingContent {
  charts: PlacedChart[];
  /** Text of shapes and text boxes, in anchor order. */
  shapes: string[];
  images: { alt?: string; part?: string; name?: string; row?: number; col?: number }[];
}

/** The text of a DrawingML text body, paragraphs joined by newlines. */
export function txBodyText(body: XmlElement | undefined): string {
  if (!body) return '';
  return kids(body, 'p')
    .map((p) =>
      kids(p)
        .map((r) => (ln(r) === 'br' ? '\n' : ln(r) === 'r' || ln(r) === 'fld' ? ownT(r) : ''))
        .join(''),
    )
    .join('\n')
    .trim();
}

const ownT = (r: XmlElement) =>
  kids(r, 't')
    .map((t) => t.children.filter((c) => typeof c === 'string').join(''))
    .join('');

/** Reads a spreadsheet drawing part (xdr): charts, shape text and pictures. */
export function readDrawing(pkg: OoxmlPackage, part: string): DrawingContent {
  const out: DrawingContent = { charts: [], shapes: [], images: [] };
  const root = pkg.xmlIf(part);
  if (!root) return out;
  const rels = pkg.rels(part);
  for (const anchor of kids(root)) {
    for (const frame of find(anchor, 'graphicFrame')) {
      const chartEl = find(frame, 'chart')[0];
      const rid = relAttr(chartEl);
      const target = rid ? rels.get(rid)?.part : undefined;
      const chart = target ? readChartPart(pkg, target) : undefined;
      if (chart) out.charts.push({ ...chart, ...anchorCell(anchor) });
    }
    for (const sp of find(anchor, 'sp')) {
      const text = txBodyText(kid(sp, 'txBody'));
      if (text) out.shapes.push(text);
    }
    for (const pic of find(anchor, 'pic')) {
      const nv = path(pic, 'nvPicPr', 'cNvPr');
      const rid = relAttr(find(pic, 'blip')[0], 'embed');
      out.images.push({
        alt: cleanAltText(at(nv, 'descr')),
        name: at(nv, 'name'),
        part: rid ? rels.get(rid)?.part : undefined,
        ...anchorCell(anchor),
      });
    }
  }
  return out;
}

/** The top-left cell of a two- or one-cell anchor (absolute anchors have none). */
function anchorCell(anchor: XmlElement): { row?: number; col?: number } {
  const from = kid(anchor, 'from');
  const num = (local: string) => {
    const t = kid(from, local)
      ?.children.filter((c) => typeof c === 'string')
      .join('')
      .trim();
    return t && /^\d+$/.test(t) ? Number(t) : undefined;
  };
  const row = num('row');
  const col = num('col');
  return row !== undefined && col !== undefined ? { row, col } : {};
}

/** Puts a drawing's charts, shape text and pictures (those whose image part exists) on a sheet. */
export function addDrawing(
  pkg: OoxmlPackage,
  d: DrawingContent,
  g: {
    charts: PlacedChart[];
    shapes: string[];
    images: { src: string; alt?: string; row?: number; col?: number }[];
  },
  ctx: ParseContext,
): void {
  g.charts.push(...d.charts);
  g.shapes.push(...d.shapes);
  for (const img of d.images) {
    if (!img.part || !pkg.has(img.part)) continue;
    const src = imageSource(pkg, img.part, ctx);
    if (src) g.images.push({ src, alt: img.alt, row: img.row, col: img.col });
  }
}
