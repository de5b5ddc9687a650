import { attr, type PElement } from './dom.js';
import { ruleOn } from './rule-switch.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * A share or follow bar: a short label ("Möchten Sie den Artikel teilen?", "Share this:",
 * "Folgen Sie uns") over a row of links that show no text, only icons, each to another site
 * (mail, WhatsApp, Facebook, LinkedIn). Once the icons are gone the label is all the Markdown
 * keeps of it, a line the story does not say. Told by shape, not words or class names: every
 * link in the box is textless, each leads to a site of its own (a host, or a scheme such as
 * `mailto:` that has none) and there are two or more. A row of pictures linking to the page's
 * own images, or a map's box whose icons fetch its data files from one site, is the page's, so
 * it stays (trafilatura-dev t0068: a paragraph with its linked photos; t0434: an archived map
 * with its label, a route link and five links to the map plugin's files).
 */

/** Characters the label runs to at most: longer, the box says something of its own. */
const LABEL_MAX = 80;
/** Sites the icons lead to at least: a bar offers a choice of networks. */
const SITES = 2;
/** Elements looked at inside the box at most: a bar is small. */
const BUDGET = 200;

const BOX_TAGS = new Set(['div', 'aside', 'section', 'p', 'ul', 'nav', 'span']);

const away = (a: PElement) => {
  const href = (attr(a, 'href') ?? '').trim();
  return href !== '' && !href.startsWith('#') && !/^javascript:/i.test(href);
};

/**
 * Where a link leads: its host, or its scheme when it has none (`mailto:`); '' for a relative
 * link (the page's own site). An archived page's links are read through the archive.
 */
function site(href: string): string {
  // An archived page's links go through the archive (`/web/2016…/https://facebook.com/…`).
  const archived = /^(?:https?:\/\/web\.archive\.org)?\/web\/\d+[a-z_]*\/(.+)$/i.exec(href);
  if (archived) href = archived[1];
  const m = /^([a-z][\w+.-]*:)(?:\/\/([^/?#]*))?/i.exec(href);
  if (!m) return '';
  return m[2] !== undefined ? m[2].toLowerCase().replace(/^www\./, '') : m[1].toLowerCase();
}

/**
 * True for such a bar (a div, aside, section, p, ul, nav, span or custom element): text of at
 * most LABEL_MAX characters, none of it inside a link; its links all textless, no two to one
 * site, SITES or more of them.
 */
export function iconBar(el: PElement, s: Stats, stats: StatsMap): boolean {
  const tag = el.tagName;
  if (!BOX_TAGS.has(tag) && !tag.includes('-')) return false;
  if (s.text === 0 || s.text > LABEL_MAX || s.link > 0) return false;
  const sites = new Set<string>();
  let budget = BUDGET;
  const stack: PElement[] = [el];
  while (stack.length) {
    if (budget-- <= 0) return false;
    const e = stack.pop()!;
    if (e.tagName === 'a' && away(e)) {
      if ((stats.get(e)?.text ?? 0) > 0) return false;
      // One link a network: a second link to a site is a widget's own (a map's data files).
      const to = site((attr(e, 'href') ?? '').trim());
      if (sites.has(to)) return false;
      sites.add(to);
      continue;
    }
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return sites.size >= SITES && ruleOn('icon-bar');
}
