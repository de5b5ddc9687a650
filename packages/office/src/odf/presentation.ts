import { attr, type Block, children, localName, text, textContent, type XmlElement } from '@distill/core';
import { convertBlocks, type OdfContext } from './text.js';

/** Blocks of one drawing frame or shape of a slide. */
function frameBlocks(frame: XmlElement, cx: OdfContext, depth = 0): Block[] {
  const cls = attr(frame, 'presentation:class');
  if (cls === 'page-number' || cls === 'footer' || cls === 'date-time' || cls === 'header') return [];
  if (cls === 'title') {
    const t = textContent(frame).replace(/\s+/g, ' ').trim();
    return t ? [{ kind: 'heading', level: 1, content: [text(t)] }] : [];
  }
  const ln = localName(frame.name);
  if (ln === 'g') {
    // Groups nest; past a sane depth their text is kept flat.
    if (depth > 32) return convertBlocks([frame], cx, 64);
    return children(frame).flatMap((c) => frameBlocks(c, cx, depth + 1));
  }
  if (ln === 'frame')
    return convertBlocks([frame], cx, 1).concat(
      children(frame, 'table:table').length ? convertBlocks(children(frame, 'table:table'), cx, 1) : [],
    );
  // Custom shapes, rectangles and the like hold their text paragraphs directly.
  return convertBlocks(frame.children, cx, 1);
}

/** Slides in order, each opened by a `Slide number: N` comment, with speaker notes after. */
export function convertSlides(presentation: XmlElement, cx: OdfContext): Block[] {
  const out: Block[] = [];
  let n = 0;
  for (const page of children(presentation, 'draw:page')) {
    cx.checkpoint();
    out.push({ kind: 'comment', text: `Slide number: ${++n}` });
    for (const c of children(page)) {
      if (localName(c.name) === 'notes') continue;
      out.push(...frameBlocks(c, cx));
    }
    const notes = children(page, 'presentation:notes')[0];
    if (notes) {
      const noteBlocks = children(notes)
        .filter((f) => attr(f, 'presentation:class') === 'notes')
        .flatMap((f) => frameBlocks(f, cx));
      if (noteBlocks.length > 0)
        out.push({ kind: 'heading', level: 3, content: [text('Notes:')] }, ...noteBlocks);
    }
  }
  return out;
}
