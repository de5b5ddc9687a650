import type { Block, Doc, ParseContext, XmlElement } from '@distill/core';
import { readMetadata } from '../ooxml/metadata.js';
import { missingPart, type OoxmlPackage } from '../ooxml/package.js';
import { at, find, kid, kids, ownText, path, relAttr, tText } from '../ooxml/xml.js';
import { PlaceholderPositions, SlideReader } from './slide.js';
import { textBodyBlocks } from './text.js';

/** Slide parts in presentation order, falling back to file order when the list is missing. */
function slideParts(pkg: OoxmlPackage, main: string, pres: XmlElement): string[] {
  const rels = pkg.rels(main);
  const parts = kids(kid(pres, 'sldIdLst'), 'sldId')
    .map((s) => rels.get(relAttr(s) ?? '')?.part)
    .filter((p): p is string => !!p && pkg.has(p));
  if (parts.length > 0) return parts;
  return pkg.zip
    .names()
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
}

/** Comment authors of the presentation by id: read once, not once per slide. */
function commentAuthors(pkg: OoxmlPackage, main: string): Map<string, string> {
  const authors = new Map<string, string>();
  for (const rel of [...pkg.relsOfType(main, '/commentAuthors'), ...pkg.relsOfType(main, '/authors')]) {
    const root = pkg.xmlAux(rel.part);
    for (const a of kids(root)) {
      const name = at(a, 'name') ?? '';
      const initials = at(a, 'initials');
      authors.set(at(a, 'id') ?? '', initials ? `${name} (${initials})` : name);
    }
  }
  return authors;
}

function commentBlocks(pkg: OoxmlPackage, part: string, authors: Map<string, string>): Block[] {
  const out: Block[] = [];
  for (const rel of pkg.rels(part).values()) {
    if (!/\/comments$|\/comment$/i.test(rel.type)) continue;
    const root = pkg.xmlAux(rel.part);
    for (const cm of kids(root)) {
      const text = (ownText(kid(cm, 'text')) || tText(kid(cm, 'txBody'))).replace(/\s+/g, ' ').trim();
      if (!text) continue;
      const author = authors.get(at(cm, 'authorId') ?? '') ?? '';
      const when = at(cm, 'dt') ?? at(cm, 'created');
      const who = [author, when].filter(Boolean).join(', ');
      // Legacy comments thread through p15:threadingInfo/parentCm: such a comment is a reply.
      const label = find(cm, 'parentCm').length > 0 ? 'Reply' : 'Comment';
      out.push({
        kind: 'paragraph',
        content: [{ kind: 'text', text: `${label}${who ? ` (${who})` : ''}: ${text}` }],
      });
      for (const reply of find(cm, 'reply')) {
        const t = tText(kid(reply, 'txBody')).replace(/\s+/g, ' ').trim();
        const ra = authors.get(at(reply, 'authorId') ?? '') ?? '';
        if (t)
          out.push({
            kind: 'paragraph',
            content: [{ kind: 'text', text: `Reply${ra ? ` (${ra})` : ''}: ${t}` }],
          });
      }
    }
  }
  return out;
}

/** One slide's blocks, as `pptxSlides` gives them: the marker, the shapes, comments, notes. */
export interface SlideBlocks {
  /** 1-based slide number. */
  number: number;
  total: number;
  blocks: Block[];
}

/**
 * The slides of a presentation one at a time, in order (page by page parsing gives each as
 * soon as it is read); `parsePptx` joins them.
 */
export function* pptxSlides(pkg: OoxmlPackage, ctx: ParseContext): Generator<SlideBlocks> {
  const main = pkg.mainPart(['ppt/presentation.xml']);
  if (!main) throw missingPart('presentation part (ppt/presentation.xml)');
  const pres = pkg.xml(main);
  const slides = slideParts(pkg, main, pres);
  const layoutCache = new Map<string, PlaceholderPositions>();
  const authors = commentAuthors(pkg, main);
  for (const [i, part] of slides.entries()) {
    ctx.checkpoint();
    const blocks: Block[] = [];
    const root = pkg.xml(part);
    const hidden = at(root, 'show') === '0' || at(root, 'show') === 'false';
    blocks.push({ kind: 'comment', text: `Slide number: ${i + 1}${hidden ? ' (hidden)' : ''}` });
    const rels = pkg.rels(part);
    const layout = pkg.relOfType(part, '/slideLayout')?.part;
    let positions = layout ? layoutCache.get(layout) : undefined;
    if (!positions) {
      const master = layout ? pkg.relOfType(layout, '/slideMaster')?.part : undefined;
      positions = new PlaceholderPositions([pkg.xmlAux(layout), pkg.xmlAux(master)]);
      if (layout) layoutCache.set(layout, positions);
    }
    blocks.push(...new SlideReader(pkg, ctx, part, rels, positions).blocks(root));
    blocks.push(...commentBlocks(pkg, part, authors));
    const notesPart = pkg.relOfType(part, '/notesSlide')?.part;
    const notes = pkg.xmlAux(notesPart);
    if (notes && notesPart) {
      const body = find(path(notes, 'cSld', 'spTree'), 'sp').find(
        (sp) => at(path(sp, 'nvSpPr', 'nvPr', 'ph'), 'type') === 'body',
      );
      const nb = textBodyBlocks(kid(body ?? notes, 'txBody'), pkg.rels(notesPart), false);
      if (nb.length > 0) {
        blocks.push({ kind: 'heading', level: 3, content: [{ kind: 'text', text: 'Notes:' }] });
        blocks.push(...nb);
      }
    }
    ctx.progress?.(i + 1, slides.length);
    yield { number: i + 1, total: slides.length, blocks };
  }
}

export function parsePptx(pkg: OoxmlPackage, ctx: ParseContext): Doc {
  const blocks: Block[] = [];
  let total = 0;
  for (const slide of pptxSlides(pkg, ctx)) {
    blocks.push(...slide.blocks);
    total = slide.total;
  }
  const metadata = readMetadata(pkg);
  metadata.numPages = total;
  return { blocks, metadata };
}
