import type { Block, Inline, ParseContext, TableCell, XmlElement } from '@distill/core';
import { chartBlocks, readChart } from '../ooxml/chart.js';
import { cleanAltText, imageSource } from '../ooxml/image.js';
import type { OoxmlPackage, Relationship } from '../ooxml/package.js';
import { compactRows } from '../ooxml/table.js';
import { at, find, kid, kids, ln, path, relAttr } from '../ooxml/xml.js';
import { paragraphInlines, textBodyBlocks, textBodyText } from './text.js';

interface Xfrm {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Placed extends Xfrm {
  title: boolean;
  blocks: Block[];
}

const NO_POS: Xfrm = { x: 0, y: 0, w: 0, h: 0 };

function xfrmOf(xfrm: XmlElement | undefined): Xfrm | undefined {
  const off = kid(xfrm, 'off');
  if (!off) return undefined;
  const ext = kid(xfrm, 'ext');
  return {
    x: Number(at(off, 'x') ?? 0),
    y: Number(at(off, 'y') ?? 0),
    w: Number(at(ext, 'cx') ?? 0),
    h: Number(at(ext, 'cy') ?? 0),
  };
}

/**
 * Reading order of shapes by recursive cuts: rows separated by horizontal gaps top to bottom,
 * and inside a row, columns separated by vertical gaps left to right, so a two-column slide is
 * read column by column rather than zig-zag.
 */
export function readingOrder(items: Placed[], depth = 0): Placed[] {
  if (items.length <= 1 || depth > 30) return items;
  const cut = (horizontal: boolean): Placed[][] => {
    const start = (p: Placed) => (horizontal ? p.y : p.x);
    const end = (p: Placed) => (horizontal ? p.y + p.h : p.x + p.w);
    const sorted = [...items].sort((a, b) => start(a) - start(b) || (horizontal ? a.x - b.x : a.y - b.y));
    const groups: Placed[][] = [];
    let reach = Number.NEGATIVE_INFINITY;
    for (const p of sorted) {
      if (groups.length === 0 || start(p) >= reach) groups.push([p]);
      else groups[groups.length - 1].push(p);
      reach = Math.max(reach, end(p) - 1);
    }
    return groups;
  };
  const rows = cut(true);
  if (rows.length > 1) return rows.flatMap((g) => readingOrder(g, depth + 1));
  const cols = cut(false);
  if (cols.length > 1) return cols.flatMap((g) => readingOrder(g, depth + 1));
  return [...items].sort((a, b) => a.y - b.y || a.x - b.x);
}

/** Positions of a layout's or master's placeholders, by idx and by type, for shapes that inherit them. */
export class PlaceholderPositions {
  private readonly map = new Map<string, Xfrm>();
  /** Placeholders whose layout turns bullets off (section headers, subtitles, captions). */
  private readonly plain = new Set<string>();
  constructor(roots: (XmlElement | undefined)[]) {
    // Later roots (the master) only fill what earlier ones (the layout) leave open.
    for (const root of roots) {
      for (const sp of find(path(root, 'cSld', 'spTree'), 'sp')) {
        const ph = path(sp, 'nvSpPr', 'nvPr', 'ph');
        if (!ph) continue;
        const idx = at(ph, 'idx');
        const type = at(ph, 'type') ?? 'body';
        const keys = [...(idx !== undefined ? [`idx:${idx}`] : []), `type:${type}`];
        if (path(sp, 'txBody', 'lstStyle', 'lvl1pPr', 'buNone')) for (const k of keys) this.plain.add(k);
        const pos = xfrmOf(path(sp, 'spPr', 'xfrm'));
        if (!pos) continue;
        for (const k of keys) if (!this.map.has(k)) this.map.set(k, pos);
      }
    }
  }
  private keyOf(ph: XmlElement): string[] {
    const idx = at(ph, 'idx');
    return [...(idx !== undefined ? [`idx:${idx}`] : []), `type:${at(ph, 'type') ?? 'body'}`];
  }
  get(ph: XmlElement): Xfrm | undefined {
    for (const k of this.keyOf(ph)) {
      const v = this.map.get(k);
      if (v) return v;
    }
    return undefined;
  }
  bulletsOff(ph: XmlElement): boolean {
    return this.plain.has(this.keyOf(ph)[0]);
  }
}

const TITLE_TYPES = new Set(['title', 'ctrTitle']);
/** Slide number, date, footer and header placeholders repeat on every slide: boilerplate. */
const BOILERPLATE_TYPES = new Set(['sldNum', 'dt', 'ftr', 'hdr']);
const BULLET_TYPES = new Set(['body', 'obj']);

export class SlideReader {
  constructor(
    private readonly pkg: OoxmlPackage,
    private readonly ctx: ParseContext,
    private readonly part: string,
    private readonly rels: Map<string, Relationship>,
    private readonly placeholders: PlaceholderPositions,
  ) {}

  /** The slide's shapes as blocks: the title first, then the rest top to bottom, left to right. */
  blocks(root: XmlElement): Block[] {
    const tree = path(root, 'cSld', 'spTree');
    const placed = this.shapes(tree, 0);
    const titles = placed.filter((p) => p.title);
    return [...titles, ...readingOrder(placed.filter((p) => !p.title))].flatMap((p) => p.blocks);
  }

  private position(el: XmlElement, prKey: string): Xfrm | undefined {
    return xfrmOf(path(el, prKey, 'xfrm'));
  }

  private shapes(tree: XmlElement | undefined, depth: number): Placed[] {
    const out: Placed[] = [];
    if (!tree || depth > 20) return out;
    // A shape with no position of its own or from its placeholder follows the one before it.
    const after = (): Xfrm => {
      const prev = out[out.length - 1];
      return prev ? { x: prev.x, y: prev.y + prev.h, w: 0, h: 0 } : NO_POS;
    };
    for (const el of kids(tree)) {
      switch (ln(el)) {
        case 'sp': {
          const ph = path(el, 'nvSpPr', 'nvPr', 'ph');
          const type = ph ? (at(ph, 'type') ?? 'body') : undefined;
          const pos = this.position(el, 'spPr') ?? (ph ? this.placeholders.get(ph) : undefined) ?? after();
          const body = kid(el, 'txBody');
          if (type && BOILERPLATE_TYPES.has(type)) break;
          if (type && TITLE_TYPES.has(type)) {
            const text = textBodyText(body)
              .replace(/\s*\n\s*/g, ' ')
              .trim();
            if (text)
              out.push({
                ...pos,
                title: true,
                blocks: [{ kind: 'heading', level: 1, content: [{ kind: 'text', text }] }],
              });
            break;
          }
          const bullets =
            type !== undefined && BULLET_TYPES.has(type) && !(ph && this.placeholders.bulletsOff(ph));
          const blocks = textBodyBlocks(body, this.rels, bullets);
          if (blocks.length > 0) out.push({ ...pos, title: false, blocks });
          break;
        }
        case 'pic': {
          const pos = this.position(el, 'spPr') ?? after();
          const img = this.picture(el);
          if (img) out.push({ ...pos, title: false, blocks: [img] });
          break;
        }
        case 'graphicFrame': {
          const pos = xfrmOf(kid(el, 'xfrm')) ?? after();
          const blocks = this.frame(el);
          if (blocks.length > 0) out.push({ ...pos, title: false, blocks });
          break;
        }
        case 'grpSp': {
          const pos = this.position(el, 'grpSpPr') ?? after();
          // Children sit in the group's own coordinate space; their order is found there.
          const blocks = readingOrder(this.shapes(el, depth + 1)).flatMap((p) => p.blocks);
          if (blocks.length > 0) out.push({ ...pos, title: false, blocks });
          break;
        }
        case 'AlternateContent':
          out.push(...this.shapes(kid(el, 'Choice') ?? kid(el, 'Fallback'), depth + 1));
          break;
        default:
          break;
      }
    }
    return out;
  }

  /** A picture, or nothing when its image is missing (no blip, a dangling relationship). */
  private picture(pic: XmlElement): Block | undefined {
    const nv = path(pic, 'nvPicPr', 'cNvPr');
    const alt = cleanAltText(at(nv, 'descr') || at(nv, 'title'));
    const name = at(nv, 'name') ?? 'image';
    const blip = find(pic, 'blip')[0];
    const rid = relAttr(blip, 'embed') ?? relAttr(blip, 'link');
    const rel = rid ? this.rels.get(rid) : undefined;
    if (!rel || (!rel.external && (!rel.part || !this.pkg.has(rel.part)))) return undefined;
    // Without data URIs the image is named after its shape, as markitdown does (Picture4.jpg).
    const fileName = `${name.replace(/[^\p{L}\p{N}_]/gu, '')}.jpg`;
    let src: string | undefined = fileName;
    if (rel?.external) src = rel.target;
    else if ((this.ctx.images || !this.ctx.options.removeBase64Images) && rel?.part)
      src = imageSource(this.pkg, rel.part, this.ctx, fileName);
    return { kind: 'image', src, alt };
  }

  private frame(el: XmlElement): Block[] {
    const data = path(el, 'graphic', 'graphicData');
    const tbl = kid(data, 'tbl');
    if (tbl) return [this.table(tbl)];
    const chartEl = kid(data, 'chart');
    if (chartEl) {
      const part = this.rels.get(relAttr(chartEl) ?? '')?.part;
      const root = part ? safe(() => this.pkg.xmlIf(part)) : undefined;
      return root ? chartBlocks(readChart(root)) : [];
    }
    const dgm = kid(data, 'relIds');
    if (dgm) {
      const part = this.rels.get(relAttr(dgm, 'dm') ?? '')?.part;
      const root = part ? safe(() => this.pkg.xmlIf(part)) : undefined;
      const items = find(root, 'pt')
        .map((pt) => textBodyText(kid(pt, 't')))
        .filter((t) => t.trim() !== '');
      if (items.length > 0)
        return [
          {
            kind: 'list',
            ordered: false,
            items: items.map((t) => ({
              blocks: [{ kind: 'paragraph', content: [{ kind: 'text', text: t }] }],
            })),
          },
        ];
    }
    return [];
  }

  private table(tbl: XmlElement): Block {
    const rows: TableCell[][] = [];
    for (const tr of kids(tbl, 'tr')) {
      const row: TableCell[] = [];
      for (const tc of kids(tr, 'tc')) {
        if (at(tc, 'hMerge') === '1' || at(tc, 'vMerge') === '1') continue;
        const content: Inline[] = [];
        for (const p of kids(kid(tc, 'txBody'), 'p')) {
          const inl = paragraphInlines(p, this.rels);
          if (inl.length === 0) continue;
          if (content.length > 0) content.push({ kind: 'lineBreak' });
          content.push(...inl);
        }
        const c: TableCell = { content };
        const gs = Math.min(1000, Number(at(tc, 'gridSpan') ?? 1) || 1);
        const rs = Math.min(10000, Number(at(tc, 'rowSpan') ?? 1) || 1);
        if (gs > 1) c.colSpan = gs;
        if (rs > 1) c.rowSpan = rs;
        if (rows.length === 0) c.header = true;
        row.push(c);
      }
      rows.push(row);
    }
    return { kind: 'table', rows: compactRows(rows) };
  }
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
