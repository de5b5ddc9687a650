import { type Block, blockText, type Doc, type ParseContext, type XmlElement } from '@distill/core';
import { readMetadata } from '../ooxml/metadata.js';
import { missingPart, type OoxmlPackage } from '../ooxml/package.js';
import { at, isOn, kid, kids, ln, relAttr } from '../ooxml/xml.js';
import { DocxConverter } from './convert.js';
import { Numbering } from './numbering.js';
import { Styles } from './styles.js';

const plainText = (blocks: Block[]) => JSON.stringify(blocks);

/** Headers or footers referenced by any section, each distinct one once. */
function headerFooterParts(
  body: XmlElement,
  main: string,
  pkg: OoxmlPackage,
  kind: 'header' | 'footer',
): string[] {
  const parts: string[] = [];
  const rels = pkg.rels(main);
  const sects = [...kids(body, 'sectPr')];
  for (const p of kids(body, 'p')) {
    const s = kid(kid(p, 'pPr'), 'sectPr');
    if (s) sects.push(s);
  }
  for (const s of sects) {
    // In page order: the first-page header when the section has one (titlePg), then the
    // default one, then the even-page one.
    const first = isOn(kid(s, 'titlePg'));
    const rank = (t: string | undefined) => (t === 'first' ? (first ? 0 : 2) : t === 'even' ? 3 : 1);
    const refs = kids(s, `${kind}Reference`).sort((a, b) => rank(at(a, 'type')) - rank(at(b, 'type')));
    for (const r of refs) {
      const part = rels.get(relAttr(r) ?? '')?.part;
      if (part && !parts.includes(part)) parts.push(part);
    }
  }
  return parts;
}

/** Page numbers and similar boilerplate that a header or footer repeats on every page. */
const trivial = (text: string) => /^(page\s*)?\d*(\s*(of|\/)\s*\d*)?$/i.test(text.trim());

export function parseDocx(pkg: OoxmlPackage, ctx: ParseContext): Doc {
  const main = pkg.mainPart(['word/document.xml']);
  if (!main) throw missingPart('main document part (word/document.xml)');
  const root = pkg.xml(main);
  const body = kid(root, 'body');
  if (!body) throw missingPart('document body');
  ctx.checkpoint();
  const styles = new Styles(pkg.xmlAux(pkg.relOfType(main, '/styles')?.part));
  const numbering = new Numbering(pkg.xmlAux(pkg.relOfType(main, '/numbering')?.part));
  const conv = new DocxConverter(pkg, ctx, styles, numbering, main);

  // Comments get their labels first so references in the body can point at them.
  const commentsPart = pkg.relOfType(main, '/comments')?.part;
  const commentsRoot = pkg.xmlAux(commentsPart);
  const comments = kids(commentsRoot, 'comment');
  comments.forEach((c, i) => {
    conv.commentLabels.set(at(c, 'id') ?? '', `c${i + 1}`);
  });

  const blocks: Block[] = [];
  const seen = new Set<string>();
  const section = (kind: 'header' | 'footer') => {
    const out: Block[] = [];
    for (const part of headerFooterParts(body, main, pkg, kind)) {
      const hf = pkg.xmlAux(part);
      if (!hf) continue;
      const bs = conv.inPart(part, () => conv.blocks(hf));
      const key = plainText(bs);
      const text = bs.map(blockText).join(' ');
      const hasImage = bs.some((b) => b.kind === 'image' || JSON.stringify(b).includes('"image"'));
      if (bs.length === 0 || seen.has(key) || (trivial(text) && !hasImage)) continue;
      seen.add(key);
      for (const b of bs) {
        if (b.kind === 'paragraph' || b.kind === 'heading' || b.kind === 'table' || b.kind === 'list')
          out.push({
            ...b,
            prov: { page: 1, label: kind === 'header' ? 'page-header' : 'page-footer' },
          } as Block);
        else out.push(b);
      }
    }
    return out;
  };
  blocks.push(...section('header'));
  blocks.push(...underTitle(conv.blocks(body), conv.titleHeadings));
  blocks.push(...section('footer'));

  // Footnotes and endnotes, in order of first reference.
  const noteRoots = {
    footnote: pkg.xmlAux(pkg.relOfType(main, '/footnotes')?.part),
    endnote: pkg.xmlAux(pkg.relOfType(main, '/endnotes')?.part),
  };
  const noteParts = {
    footnote: pkg.relOfType(main, '/footnotes')?.part ?? main,
    endnote: pkg.relOfType(main, '/endnotes')?.part ?? main,
  };
  for (let i = 0; i < conv.notes.length; i++) {
    const n = conv.notes[i];
    const el = kids(noteRoots[n.kind]).find((e) => ln(e) === n.kind && at(e, 'id') === n.id);
    if (!el) continue;
    const children = conv.inPart(noteParts[n.kind], () => conv.blocks(el));
    blocks.push({ kind: 'footnote', id: n.label, children });
  }

  if (comments.length > 0 && commentsPart) {
    blocks.push({ kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Comments' }] });
    comments.forEach((c, i) => {
      const children = conv.inPart(commentsPart, () => conv.blocks(c));
      const author = at(c, 'author');
      const who = author ? `${author}${at(c, 'date') ? ` (${at(c, 'date')!.slice(0, 10)})` : ''}: ` : '';
      if (who) {
        const first = children[0];
        if (first?.kind === 'paragraph')
          children[0] = {
            ...first,
            content: [
              { kind: 'strong', children: [{ kind: 'text', text: who.trim() }] },
              { kind: 'text', text: ' ' },
              ...first.content,
            ],
          };
        else
          children.unshift({
            kind: 'paragraph',
            content: [{ kind: 'strong', children: [{ kind: 'text', text: who.trim() }] }],
          });
      }
      blocks.push({ kind: 'footnote', id: `c${i + 1}`, children });
    });
  }
  return { blocks, metadata: readMetadata(pkg) };
}

/**
 * A document that opens with a Title-styled paragraph has its title as the one top heading, so
 * Heading 1 sections sit a level below it (Title `#`, Heading 1 `##`); otherwise both would be
 * `#` and the outline would lose its root.
 */
function underTitle(blocks: Block[], titles: WeakSet<Block>): Block[] {
  const first = blocks.find((b) => b.kind === 'heading');
  if (!first || !titles.has(first)) return blocks;
  return blocks.map((b) =>
    b.kind === 'heading' && !titles.has(b) ? { ...b, level: Math.min(6, b.level + 1) as typeof b.level } : b,
  );
}
