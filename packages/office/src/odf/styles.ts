import { attr, children, localName, type XmlElement } from '@distill/core';

/**
 * What the converters need from ODF styles: inline formatting of text styles, the parent
 * chain of paragraph styles (a heading may be an automatic style whose parent is
 * "Heading_20_2"), and whether each list level is numbered or bulleted.
 */
export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  position?: 'super' | 'sub';
}

export type ListLabel = 'number' | 'bullet' | 'none';

export interface OdfStyles {
  text: Map<string, TextStyle>;
  parent: Map<string, string>;
  /** list style name → per level (1-based): numbered, bulleted, or no label at all. */
  lists: Map<string, Map<number, ListLabel>>;
  /** paragraph style → list style it attaches (`style:list-style-name`). */
  paragraphList: Map<string, string>;
  /** Number/date/time data styles of spreadsheets, by name (kept as XML for the renderer). */
  dataStyles: Map<string, XmlElement>;
  /** cell style → data style name. */
  cellDataStyle: Map<string, string>;
}

export const emptyStyles = (): OdfStyles => ({
  text: new Map(),
  parent: new Map(),
  lists: new Map(),
  paragraphList: new Map(),
  dataStyles: new Map(),
  cellDataStyle: new Map(),
});

function textProps(el: XmlElement): TextStyle {
  const s: TextStyle = {};
  const p = children(el, 'style:text-properties')[0];
  if (!p) return s;
  const w = attr(p, 'fo:font-weight');
  if (w === 'bold' || (w && Number(w) >= 600)) s.bold = true;
  if (attr(p, 'fo:font-style') === 'italic') s.italic = true;
  const lt = attr(p, 'style:text-line-through-style');
  if (lt && lt !== 'none') s.strike = true;
  const pos = attr(p, 'style:text-position');
  if (pos?.startsWith('super') || (pos && /^\d/.test(pos) && Number.parseFloat(pos) > 0))
    s.position = 'super';
  else if (pos?.startsWith('sub') || (pos && /^-\d/.test(pos))) s.position = 'sub';
  return s;
}

/** Adds the styles found below `root` (content.xml or styles.xml) to `into`. */
export function collectStyles(root: XmlElement, into: OdfStyles): void {
  for (const section of children(root)) {
    const ln = localName(section.name);
    if (ln !== 'styles' && ln !== 'automatic-styles') continue;
    for (const el of children(section)) {
      const kind = localName(el.name);
      const name = attr(el, 'style:name');
      if (!name) continue;
      if (kind === 'style') {
        into.text.set(name, textProps(el));
        const parent = attr(el, 'style:parent-style-name');
        if (parent) into.parent.set(name, parent);
        const list = attr(el, 'style:list-style-name');
        if (list) into.paragraphList.set(name, list);
        const data = attr(el, 'style:data-style-name');
        if (data) into.cellDataStyle.set(name, data);
      } else if (kind === 'list-style') {
        const levels = new Map<number, ListLabel>();
        for (const lvl of children(el)) {
          const n = Number(attr(lvl, 'text:level') ?? '1');
          const l = localName(lvl.name);
          // A number level with an empty format (and no prefix or suffix) shows no label:
          // LibreOffice writes such levels for indented, unlabelled paragraphs.
          const fmt = attr(lvl, 'style:num-format') ?? '';
          const affix = (attr(lvl, 'style:num-prefix') ?? '') + (attr(lvl, 'style:num-suffix') ?? '');
          if (l === 'list-level-style-number')
            levels.set(n, fmt !== '' ? 'number' : affix.trim() !== '' ? 'bullet' : 'none');
          else levels.set(n, 'bullet');
        }
        into.lists.set(name, levels);
      } else if (/-style$/.test(kind) && kind !== 'page-layout') {
        into.dataStyles.set(name, el);
      }
    }
  }
}

/** The style chain from `name` up through its parents (bounded: a cycle cannot loop). */
export function styleChain(styles: OdfStyles, name: string | undefined): string[] {
  const out: string[] = [];
  let cur = name;
  while (cur && out.length < 16 && !out.includes(cur)) {
    out.push(cur);
    cur = styles.parent.get(cur);
  }
  return out;
}

/** Effective inline formatting of a text style, parents included. */
export function effectiveTextStyle(styles: OdfStyles, name: string | undefined): TextStyle {
  const out: TextStyle = {};
  for (const n of styleChain(styles, name).reverse()) Object.assign(out, styles.text.get(n));
  return out;
}

/** Heading level implied by a paragraph style name (Heading_20_2, Title, Subtitle), if any. */
export function headingLevelOfStyle(
  styles: OdfStyles,
  name: string | undefined,
): number | 'title' | 'subtitle' | undefined {
  for (const n of styleChain(styles, name)) {
    const m = /^Heading(?:_20_|\s)?(\d)$/i.exec(n);
    if (m) return Number(m[1]);
    if (n === 'Title') return 'title';
    if (n === 'Subtitle') return 'subtitle';
  }
  return undefined;
}
