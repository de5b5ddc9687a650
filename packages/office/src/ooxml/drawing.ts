import type { XmlElement } from '@distill/core';
import { type ChartInfo, readChart } from './chart.js';
import { cleanAltText } from './image.js';
import type { OoxmlPackage } from './package.js';
import { at, find, kid, kids, ln, path, relAttr } from './xml.js';

export interface DrawingContent {
  charts: ChartInfo[];
  /** Text of shapes and text boxes, in anchor order. */
  shapes: string[];
  images: { alt?: string; part?: string; name?: string }[];
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
      const chartRoot = target ? safeXml(pkg, target) : undefined;
      if (chartRoot) out.charts.push(readChart(chartRoot));
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
      });
    }
  }
  return out;
}

function safeXml(pkg: OoxmlPackage, part: string): XmlElement | undefined {
  try {
    return pkg.xmlIf(part);
  } catch {
    return undefined;
  }
}
