import type { Block, Inline, ListItem, XmlElement } from '@distill/core';
import { mergeInlines, trimInlines, wrapFormat } from '../docx/inlines.js';
import type { Relationship } from '../ooxml/package.js';
import { at, isOn, kid, kids, ln, relAttr } from '../ooxml/xml.js';

/** A DrawingML paragraph's runs as inlines, with bold, italic, strike, scripts and links. */
export function paragraphInlines(p: XmlElement, rels: Map<string, Relationship>): Inline[] {
  const out: Inline[] = [];
  for (const r of kids(p)) {
    const n = ln(r);
    if (n === 'br') {
      out.push({ kind: 'lineBreak' });
      continue;
    }
    if (n !== 'r' && n !== 'fld') continue;
    const text = kids(r, 't')
      .map((t) => t.children.filter((c) => typeof c === 'string').join(''))
      .join('');
    if (text === '') continue;
    const rPr = kid(r, 'rPr');
    const baseline = Number(at(rPr, 'baseline') ?? 0);
    const strike = at(rPr, 'strike');
    let nodes: Inline[] = [{ kind: 'text', text }];
    if (text.trim() !== '')
      nodes = wrapFormat(nodes, {
        b: at(rPr, 'b') === '1' || at(rPr, 'b') === 'true',
        i: at(rPr, 'i') === '1' || at(rPr, 'i') === 'true',
        s: strike !== undefined && strike !== 'noStrike',
        va: baseline > 0 ? 'sup' : baseline < 0 ? 'sub' : undefined,
      });
    const link = kid(rPr, 'hlinkClick');
    const rid = relAttr(link);
    const rel = rid ? rels.get(rid) : undefined;
    if (rel?.external && rel.target) nodes = [{ kind: 'link', href: rel.target, children: nodes }];
    out.push(...nodes);
  }
  return trimInlines(mergeInlines(out));
}

interface Para {
  level: number;
  bullet: 'none' | 'bullet' | 'number';
  start?: number;
  content: Inline[];
}

/**
 * A text body as blocks: paragraphs with bullets (explicit, or inherited from a body
 * placeholder) become nested lists by their level; others stay paragraphs.
 */
export function textBodyBlocks(
  body: XmlElement | undefined,
  rels: Map<string, Relationship>,
  bulletsByDefault: boolean,
): Block[] {
  if (!body) return [];
  const paras: Para[] = [];
  for (const p of kids(body, 'p')) {
    const content = paragraphInlines(p, rels);
    if (content.length === 0) continue;
    const pPr = kid(p, 'pPr');
    const level = Math.min(8, Number(at(pPr, 'lvl') ?? 0));
    let bullet: Para['bullet'] = bulletsByDefault ? 'bullet' : 'none';
    let start: number | undefined;
    if (kid(pPr, 'buNone')) bullet = 'none';
    else if (kid(pPr, 'buAutoNum')) {
      bullet = 'number';
      start = Number(at(kid(pPr, 'buAutoNum'), 'startAt') ?? 1);
    } else if (kid(pPr, 'buChar') || kid(pPr, 'buBlip')) bullet = 'bullet';
    paras.push({ level, bullet, start, content });
  }
  const blocks: Block[] = [];
  type Open = { level: number; list: Extract<Block, { kind: 'list' }> };
  let stack: Open[] = [];
  for (const para of paras) {
    if (para.bullet === 'none') {
      stack = [];
      blocks.push({ kind: 'paragraph', content: para.content });
      continue;
    }
    const ordered = para.bullet === 'number';
    while (stack.length > 0 && stack[stack.length - 1].level > para.level) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.level === para.level && top.list.ordered !== ordered) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    const item: ListItem = { blocks: [{ kind: 'paragraph', content: para.content }] };
    if (top && top.level === para.level) {
      top.list.items.push(item);
      continue;
    }
    const list: Extract<Block, { kind: 'list' }> = { kind: 'list', ordered, items: [item] };
    if (ordered && para.start && para.start !== 1) list.start = para.start;
    if (top) top.list.items[top.list.items.length - 1].blocks.push(list);
    else blocks.push(list);
    stack.push({ level: para.level, list });
  }
  return blocks;
}

/** Plain text of a text body, paragraphs joined by newlines. */
export function textBodyText(body: XmlElement | undefined): string {
  return kids(body, 'p')
    .map((p) =>
      kids(p)
        .map((r) =>
          ln(r) === 'br'
            ? ' '
            : kids(r, 't')
                .map((t) => t.children.filter((c) => typeof c === 'string').join(''))
                .join(''),
        )
        .join(''),
    )
    .filter((s) => s.trim() !== '')
    .join('\n');
}

export const onOff = isOn;
