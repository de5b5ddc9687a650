import { attr, type PElement } from './dom.js';
import { ruleOn } from './rule-switch.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * A share or follow bar: a short label ("Möchten Sie den Artikel teilen?", "Share this:",
 * "Folgen Sie uns") over a row of links that show no text, only icons, each to another site
 * (mail, WhatsApp, Facebook, LinkedIn). Once the icons are gone the label is all the Markdown
 * keeps of it, a line the story does not say. Told by shape, not words or class names: every
 * link in the box is textless and the links lead to two or more sites (hosts, or schemes such
 * as `mailto:` that have none). A row of pictures linking to the page's own images or to one
 * site (a gallery, a map's data files) is the page's, so it stays (trafilatura-dev t0068,
 * t0434: a paragraph with its linked photos, a map with its layer links).
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

/** Where a link leads: its host, or its scheme when it has none (`mailto:`); '' for the page's own site. */
function site(href: string): string {
  const m = /^([a-z][\w+.-]*:)(?:\/\/([^/?#]*))?/i.exec(href);
  if (!m) return '';
  return m[2] !== undefined ? m[2].toLowerCase().replace(/^www\./, '') : m[1].toLowerCase();
}

/**
 * True for such a bar (a div, aside, section, p, ul, nav, span or custom element): text of at
 * most LABEL_MAX characters, none of it inside a link; its links all textless; they lead to
 * SITES or more sites.
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
      sites.add(site((attr(e, 'href') ?? '').trim()));
      continue;
    }
    for (const c of e.childNodes) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return sites.size >= SITES && ruleOn('icon-bar');
}
