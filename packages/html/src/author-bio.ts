import { type Block, blockText } from '@distill/core';
import { ruleOn } from './rule-switch.js';

/**
 * The writer's bio set as a plain paragraph at the story's edges, not in a box named for its
 * author (that one goes in main-content.ts): "Archie is a writer from South London. He studied…"
 * under the byline, "***About the author:** Craig Hull is a freelance photographer…" after the
 * last paragraph.
 *
 * The writer is told by the page's own declaration (`<meta name="author">`, `article:author`,
 * the JSON-LD author), not by words: among the first and last paragraphs of the story, one that
 * opens with the declared writer's name (after a short label ending in a colon) is about the
 * writer, not the story's text. A bio is a page's furniture as a byline is: the held-out
 * articles' truth is the articleBody, which holds neither.
 */

/** Paragraphs at each edge of the story looked at: a bio stands first or last, with its label. */
const EDGE = 3;
/** Characters a bio runs to at least: shorter, it is a byline or a signature. */
const BIO_MIN = 60;
/** Characters a bio runs to at most: longer, it is the story's own text about its writer. */
const BIO_MAX = 800;
/** Characters of a label over the bio ("About the Author:") at most. */
const LABEL_MAX = 40;
/** Letters a name part needs to be told in text: "Li", "Al" are words of sentences. */
const NAME_PART = 3;
/** The story's other text must outweigh the bio so many times: an "About me" page is all bio. */
const BIO_OUTWEIGH = 3;

const words = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A JSON-LD author object: `"author": {"@type": "Person", "name": "…"}` or the first of a list. */
const LD_AUTHOR = /"author"\s*:\s*\[?\s*\{([^{}]{0,300}?)\}/g;
const LD_NAME = /"name"\s*:\s*"([^"\\]{3,80})"/;

/** Parts of a `<title>` ("Story | Site"): a name among them is the site's, not a writer's. */
const TITLE_PARTS = /\s+(?:[|–—·•:-]|::)\s+/u;

/**
 * The writers the page declares, each as its name's parts (lower case). An organisation is no
 * writer with a bio: a JSON-LD author typed Organization, or a name that is the site's
 * (og:site_name, a part of the `<title>`: "Cleveland Clinic", "CBS News") is left out.
 */
export function declaredAuthors(html: string, metadata: Record<string, unknown>): string[][] {
  const names = new Set<string>();
  for (const key of ['author', 'article:author']) {
    const v = metadata[key];
    if (typeof v === 'string' && !/[/@]/.test(v)) names.add(v);
  }
  let n = 0;
  for (const m of html.matchAll(LD_AUTHOR)) {
    if (++n > 5) break;
    const name = LD_NAME.exec(m[1]);
    if (name && !/Organi[sz]ation/.test(m[1])) names.add(name[1]);
  }
  const site = new Set<string>();
  for (const t of [metadata.ogSiteName, metadata.title, metadata.ogTitle])
    if (typeof t === 'string') for (const p of t.split(TITLE_PARTS)) site.add(words(p).join(' '));
  const out: string[][] = [];
  for (const name of names) {
    const parts = words(name).filter((w) => w.length >= NAME_PART);
    if (site.has(words(name).join(' ')) || parts.some((w) => site.has(w))) continue;
    // A person's name has two to four parts; one word ("admin", "staff") or a long phrase is no one's name.
    if (parts.length >= 2 && parts.length <= 4) out.push(parts);
  }
  return out;
}

/** The text after a short label ending in a colon ("About the author: Craig Hull is…"). */
function afterLabel(t: string): string {
  const m = /^[^:]{1,30}:\s*(.+)$/su.exec(t);
  return m && words(m[0].slice(0, m[0].length - m[1].length)).length <= 4 ? m[1] : t;
}

/**
 * True when the text opens with a part of a declared name followed by the name's next part or
 * by a word in lower case ("Craig Hull is…", "Archie is a writer…", "Marta schreibt…"): a name
 * run into a compound or a title ("CDU-Stadtratsfraktion gegen…" for a group named "CDU
 * Fraktion Erfurt") is the story's subject, not its writer.
 */
function opensWithName(t: string, names: readonly string[][]): boolean {
  const ws = afterLabel(t).match(/[\p{L}\p{N}]+/gu) ?? [];
  const [head, next] = ws;
  if (head === undefined || next === undefined) return false;
  const first = head.toLowerCase();
  return names.some((n) => {
    const at = n.indexOf(first);
    return at >= 0 && (n[at + 1] === next.toLowerCase() || /^\p{Ll}/u.test(next));
  });
}

/**
 * Indexes of the bio paragraphs (and a bio's label) among the first and last EDGE
 * paragraphs of the story's run `start`..`end`.
 */
export function authorBios(
  blocks: readonly Block[],
  start: number,
  end: number,
  names: readonly string[][],
): Set<number> {
  const out = new Set<number>();
  if (!names.length) return out;
  const text = (i: number) => blockText(blocks[i]).replace(/\s+/g, ' ').trim();
  // Short lines (a byline, a date, a credit) do not count among the edge's paragraphs.
  const paragraphs: number[] = [];
  for (let i = start; i <= end; i++)
    if (blocks[i].kind === 'paragraph' && text(i).length >= BIO_MIN) paragraphs.push(i);
  const edges = new Set([...paragraphs.slice(0, EDGE), ...paragraphs.slice(-EDGE)]);
  let all = 0;
  for (const i of paragraphs) all += text(i).length;
  let bio = 0;
  const found: number[] = [];
  for (const i of edges) {
    const t = text(i);
    if (t.length <= BIO_MAX && opensWithName(t, names)) {
      found.push(i);
      bio += t.length;
    }
  }
  if (!found.length || all - bio < bio * BIO_OUTWEIGH || !ruleOn('author-bio')) return out;
  const head = new Set(paragraphs.slice(0, EDGE));
  for (const i of found) {
    out.add(i);
    // A bio after the story may have a label over it ("About the Author:"); over a bio at the
    // top, the block above is the story's title or byline.
    const label = blocks[i - 1];
    if (head.has(i) || i - 1 < start || !label) continue;
    const t = text(i - 1);
    if (
      t.length <= LABEL_MAX &&
      ((label.kind === 'heading' && label.level > 1) || (label.kind === 'paragraph' && /:$/.test(t)))
    )
      out.add(i - 1);
  }
  return out;
}
