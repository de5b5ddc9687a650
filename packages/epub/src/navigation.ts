import { attr, descendants, parseXml, resolveArchivePath, textContent } from '@distill/core';

/**
 * Chapter titles from the navigation: the EPUB 3 nav document's toc, else the EPUB 2 NCX.
 * Returns archive path (no fragment) → the first title pointing into it.
 */
export function navTitles(
  navXml: string | undefined,
  navPath: string | undefined,
  ncxXml?: string,
  ncxPath?: string,
): Map<string, string> {
  const out = new Map<string, string>();
  const add = (base: string, href: string | undefined, title: string) => {
    if (!href) return;
    const p = resolveArchivePath(base, href.split('#')[0]);
    const t = title.replace(/\s+/g, ' ').trim();
    if (p && t && !out.has(p)) out.set(p, t);
  };
  if (navXml && navPath) {
    const root = parseXml(navXml);
    const navs = descendants(root, 'nav');
    const toc = navs.find((n) => /\btoc\b/.test(attr(n, 'epub:type') ?? attr(n, 'type') ?? '')) ?? navs[0];
    if (toc) for (const a of descendants(toc, 'a')) add(navPath, attr(a, 'href'), textContent(a));
  }
  if (out.size === 0 && ncxXml && ncxPath) {
    const root = parseXml(ncxXml);
    for (const np of descendants(root, 'navPoint')) {
      const label = descendants(np, 'text')[0];
      const content = descendants(np, 'content')[0];
      if (label && content) add(ncxPath, attr(content, 'src'), textContent(label));
    }
  }
  return out;
}
