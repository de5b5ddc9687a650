import { walkInlines } from '../model/build.js';
import type { Block } from '../model/types.js';

/** Absolute, deduplicated, first-seen order; `#fragment`-only links dropped. */
export function normalizeLinkList(hrefs: Iterable<string>, baseUrl?: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of hrefs) {
    const href = raw.trim();
    if (href === '' || href.startsWith('#')) continue;
    let abs = href;
    try {
      abs = baseUrl ? new URL(href, baseUrl).href : new URL(href).href;
    } catch {
      // A relative link with no base stays as written.
    }
    if (seen.has(abs)) continue;
    seen.add(abs);
    out.push(abs);
  }
  return out;
}

export function collectLinks(blocks: readonly Block[], baseUrl?: string): string[] {
  const hrefs: string[] = [];
  walkInlines(blocks, (n) => {
    if (n.kind === 'link') hrefs.push(n.href);
  });
  return normalizeLinkList(hrefs, baseUrl);
}

export function collectImages(blocks: readonly Block[], baseUrl?: string): string[] {
  const srcs: string[] = [];
  const visit = (list: readonly Block[]) => {
    for (const b of list) {
      if (b.kind === 'image' && b.src) srcs.push(b.src);
      else if (b.kind === 'quote' || b.kind === 'footnote') visit(b.children);
      else if (b.kind === 'list') for (const it of b.items) visit(it.blocks);
    }
  };
  visit(blocks);
  walkInlines(blocks, (n) => {
    if (n.kind === 'image' && n.src) srcs.push(n.src);
  });
  return normalizeLinkList(
    srcs.filter((s) => !s.startsWith('data:')),
    baseUrl,
  );
}
