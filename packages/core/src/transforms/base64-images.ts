import { mapInlines } from '../model/build.js';
import type { Block } from '../model/types.js';

/** What a removed data URI is written as; the alt text stays beside it. */
export const BASE64_PLACEHOLDER = '<Base64-Image-Removed>';

const isData = (src?: string) => src !== undefined && /^data:/i.test(src.trim());

/** Replaces data-URI images with a placeholder (markdown only; html and rawHtml keep them). */
export function removeBase64Images(blocks: Block[]): Block[] {
  const inl = mapInlines(blocks, (nodes) =>
    nodes.map((n) => (n.kind === 'image' && isData(n.src) ? { ...n, src: BASE64_PLACEHOLDER } : n)),
  );
  const visit = (list: Block[]): Block[] =>
    list.map((b) => {
      if (b.kind === 'image' && isData(b.src)) return { ...b, src: BASE64_PLACEHOLDER };
      if (b.kind === 'quote' || b.kind === 'footnote') return { ...b, children: visit(b.children) };
      if (b.kind === 'list')
        return { ...b, items: b.items.map((it) => ({ ...it, blocks: visit(it.blocks) })) };
      return b;
    });
  return visit(inl);
}
