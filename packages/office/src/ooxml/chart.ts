import { type Block, cell, type TableCell, type XmlElement } from '@distill/core';
import { formatNumber } from '../numfmt/format.js';
import type { OoxmlPackage } from './package.js';
import { at, find, kid, kids, ln, ownText, path, tText } from './xml.js';

export interface ChartInfo {
  title?: string;
  /** 'Bar chart', 'Line chart', … */
  kind?: string;
  rows: string[][];
}

const KIND: Record<string, string> = {
  barChart: 'Bar chart',
  bar3DChart: 'Bar chart',
  lineChart: 'Line chart',
  line3DChart: 'Line chart',
  pieChart: 'Pie chart',
  pie3DChart: 'Pie chart',
  doughnutChart: 'Doughnut chart',
  areaChart: 'Area chart',
  area3DChart: 'Area chart',
  scatterChart: 'Scatter chart',
  radarChart: 'Radar chart',
  bubbleChart: 'Bubble chart',
  stockChart: 'Stock chart',
  surfaceChart: 'Surface chart',
  surface3DChart: 'Surface chart',
  ofPieChart: 'Pie chart',
};

/** Cached points of a c:strRef/c:numRef/c:strLit/c:numLit, by index. */
function points(el: XmlElement | undefined): string[] {
  const out: string[] = [];
  if (!el) return out;
  const cache =
    path(el, 'strRef', 'strCache') ??
    path(el, 'numRef', 'numCache') ??
    path(el, 'multiLvlStrRef', 'multiLvlStrCache') ??
    kid(el, 'strLit') ??
    kid(el, 'numLit');
  if (!cache) return out;
  const fmt = ownText(kid(cache, 'formatCode')) || 'General';
  const isNum = ln(cache) === 'numCache' || ln(cache) === 'numLit';
  // multi-level caches keep one c:lvl per level; the first is the innermost, which labels points.
  const holder = kid(cache, 'lvl') ?? cache;
  for (const pt of kids(holder, 'pt')) {
    const idx = Number(at(pt, 'idx') ?? out.length);
    const raw = ownText(kid(pt, 'v'));
    const f = at(pt, 'formatCode') ?? fmt;
    const n = Number(raw);
    out[idx] = isNum && raw !== '' && Number.isFinite(n) ? formatNumber(n, f) : raw;
  }
  return out;
}

function seriesName(ser: XmlElement): string {
  const tx = kid(ser, 'tx');
  if (!tx) return '';
  const p = points(tx);
  return p.find((s) => s !== undefined) ?? ownText(kid(tx, 'v'));
}

/** Reads a chart part (c:chartSpace): its title, kind and the data of its series. */
export function readChart(root: XmlElement): ChartInfo {
  const chart = kid(root, 'chart');
  const titleEl = kid(chart, 'title');
  let title = titleEl ? tText(titleEl).trim() : '';
  if (titleEl && !title) title = points(kid(titleEl, 'tx')).join(' ').trim();
  const plot = kid(chart, 'plotArea');
  let kind: string | undefined;
  const series: { name: string; cats: string[]; vals: string[] }[] = [];
  for (const group of kids(plot)) {
    const k = KIND[ln(group)];
    if (!k) continue;
    kind ??= k;
    for (const ser of kids(group, 'ser')) {
      const cats = points(kid(ser, 'cat') ?? kid(ser, 'xVal'));
      const vals = points(kid(ser, 'val') ?? kid(ser, 'yVal'));
      series.push({ name: seriesName(ser), cats, vals });
    }
  }
  const rows: string[][] = [];
  if (series.length > 0) {
    const cats = series.find((s) => s.cats.length > 0)?.cats ?? [];
    const n = Math.max(cats.length, ...series.map((s) => s.vals.length));
    rows.push(['', ...series.map((s) => s.name)]);
    for (let i = 0; i < n; i++) rows.push([cats[i] ?? String(i + 1), ...series.map((s) => s.vals[i] ?? '')]);
  }
  if (
    !title &&
    series.length === 1 &&
    series[0].name &&
    !chart?.children.some(
      (c) => typeof c !== 'string' && ln(c) === 'autoTitleDeleted' && at(c, 'val') === '1',
    )
  )
    title = series[0].name;
  return { title: title || undefined, kind, rows };
}

/** A chart as blocks: its title and kind as a paragraph, then its data as a table. */
export function chartBlocks(info: ChartInfo, withData = true): Block[] {
  const blocks: Block[] = [];
  // "Chart: Sales (Bar chart)"; an untitled chart is named by its kind alone ("Line chart").
  const label = info.title ? `Chart: ${info.title}${info.kind ? ` (${info.kind})` : ''}` : (info.kind ?? '');
  if (label) blocks.push({ kind: 'paragraph', content: [{ kind: 'text', text: label }] });
  if (withData && info.rows.length > 1) {
    const rows: TableCell[][] = info.rows.map((r, i) =>
      r.map((v) => cell(v, i === 0 ? { header: true } : {})),
    );
    blocks.push({ kind: 'table', rows });
  }
  return blocks;
}

/** Any text in a chart part, for charts the reader above does not understand. */
export const chartText = (root: XmlElement): string =>
  find(root, 't')
    .map((t) => ownText(t))
    .join(' ');

/**
 * A chart part read (drawings of sheets and documents alike), or undefined when it is absent or
 * cannot be parsed: a broken chart loses the chart, not the document.
 */
export function readChartPart(pkg: OoxmlPackage, part: string): ChartInfo | undefined {
  let root: XmlElement | undefined;
  try {
    root = pkg.xmlIf(part);
  } catch {
    return undefined;
  }
  return root ? readChart(root) : undefined;
}
