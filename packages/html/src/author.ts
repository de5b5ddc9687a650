import { type Block, blockText, type Inline } from '@distill/core';
import { attr, type PElement, type PNode } from './dom.js';
import { bodyBefore, paragraphsBefore } from './regions.js';
import { ruleOn } from './rule-switch.js';
import { AUTHOR_BIO, AUTHOR_BOX, AUTHOR_BOX_MAX, AUTHOR_BOX_SHARE } from './rules.js';
import type { Stats, StatsMap } from './stats.js';

/**
 * The story's writer and the bio about them: page furniture, like a byline, not the story (the
 * references of both HTML dev sets and the held-out articles' articleBody leave them out). One
 * module for every place a bio is dropped, so that the readings of "the writer" and of "a bio"
 * stand side by side.
 *
 * The writer is told by the page, never by words of a language:
 * - declared: the page's `<meta name="author">`, `article:author` or JSON-LD Person, less the
 *   site's own name (declaredAuthors);
 * - linked: a link to the writer's page on the site, `/author/…`, `/autor/…` (AUTHOR_PAGE);
 * - pictured: a portrait whose alt text is a name, repeated by the line under it;
 * - named: a box whose class or id names its author, or `itemprop="author"` (AUTHOR_BOX in
 *   rules.ts).
 *
 * A bio is a few sentences about that writer at the story's edge, outweighed by the story: long
 * enough to be more than a byline or a signature (AUTHOR_BIO, BIO_MIN), short enough not to be a
 * page about the writer (AUTHOR_BOX_MAX, BIO_MAX, BIO_BLOCKS), the lesser part beside the story
 * (AUTHOR_BOX_SHARE, BOX_OUTWEIGH, PARAGRAPH_OUTWEIGH, BOX_AFTER). The bounds differ with what
 * is measured (an element's longest run, a paragraph's characters, blocks after a name line),
 * each tuned on its own pages; they are kept apart rather than merged, which would change output.
 *
 * Where each reading runs:
 * - authorBox (main-content.ts, the pruning of the DOM): a named box beside or after the story
 *   (`author-box`), or an unnamed one after it with a picture and a linked name (`author-after`);
 * - authorBoxStart (refine.ts, the blocks): a pictured writer's box closing the story, cut with
 *   what follows it (`author-box`);
 * - authorBios (refine.ts, the blocks): a plain paragraph among the story's first or last ones
 *   opening with a declared writer's name (`author-bio`).
 */

/** Block text with its white space runs as single spaces. */
const lineText = (b: Block) => blockText(b).replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------------------------------------
// In the DOM: the writer's box, named or linked.

/**
 * A link to a writer's page: a path segment that names the site's authors ("/author/jane-doe",
 * "/autor/…", "/auteur/…", "/redaktion/…"), then the writer's own segment. Forums' member and
 * profile pages are left out: a post signed with its poster's link is a forum's content.
 */
const AUTHOR_PAGE =
  /\/(?:author|authors|autor|autoren|autorin|auteur|auteurs|autore|autori|redaktion|redacteur|journalist|journalists|columnist|columnists|writer|writers|contributor|contributors)\/[^/?#\s]+/i;

/** Times the box's prose the article body before it holds: a bio is the lesser part. */
const BOX_OUTWEIGH = 2;

/**
 * The writer's box after the story, told by its structure whatever its class names and words:
 * a picture, and the box's text opening with the writer's name linked to the writer's page on
 * the site (`AUTHOR_PAGE`), then a bio's sentence; placed after the article's body (a run of
 * paragraphs holding `article` prose and BOX_OUTWEIGH times the box's, under one parent before
 * it). The caller bounds its size and share of the page as for a box named as the author's. A
 * byline box above the story has no body before it; a section of the story that cites a writer
 * ("Our reviewer [Christen]'s daughter…") opens with its own heading, not with the name.
 */
function authorBoxAfter(el: PElement, s: Stats, stats: StatsMap, article: number): boolean {
  let picture = false;
  let opened: boolean | undefined;
  const stack: { n: PNode; writer: boolean }[] = [{ n: el, writer: false }];
  let budget = 300;
  while (stack.length && budget-- > 0 && !(picture && opened !== undefined)) {
    const { n, writer } = stack.pop()!;
    if (n.nodeName === '#text') {
      if (opened === undefined && (n as { value: string }).value.trim() !== '') opened = writer;
      continue;
    }
    const e = n as PElement;
    if (e.tagName === undefined) continue;
    if (e.tagName === 'img' || e.tagName === 'picture') picture = true;
    const inWriter = writer || (e.tagName === 'a' && AUTHOR_PAGE.test(attr(e, 'href') ?? ''));
    const kids = e.childNodes;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ n: kids[i], writer: inWriter });
  }
  if (!picture || !opened) return false;
  const need = Math.max(article, s.prose * BOX_OUTWEIGH);
  return (paragraphsBefore(el, stats, need) || bodyBefore(el, stats, need)) && ruleOn('author-after');
}

/**
 * Why the element is the writer's box, or undefined: `author-box` for a box named for its author,
 * `author-after` for an unnamed one after the story (authorBoxAfter). Either runs to at most
 * AUTHOR_BOX_MAX characters, holds a bio's sentence (AUTHOR_BIO) and at most AUTHOR_BOX_SHARE of
 * the page's prose: a page by or about the author is longer. `h` is the element's class and id
 * (dom.ts hints), `article` the body's prose an unnamed box needs above it.
 */
export function authorBox(
  el: PElement,
  s: Stats,
  stats: StatsMap,
  total: Stats,
  h: string,
  article: number,
): 'author-box' | 'author-after' | undefined {
  if (!(s.text <= AUTHOR_BOX_MAX && s.longest >= AUTHOR_BIO && s.prose < total.prose * AUTHOR_BOX_SHARE))
    return undefined;
  // The author's box (a name, a picture, a bio of a few lines) beside or after the story is
  // not the story, whatever the words of its bio.
  if ((attr(el, 'itemprop') === 'author' || (h !== '' && AUTHOR_BOX.test(h))) && ruleOn('author-box'))
    return 'author-box';
  // Unnamed, it is told by its picture and its link to the writer's page after the story.
  if (authorBoxAfter(el, s, stats, article)) return 'author-after';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// In the blocks: the pictured writer's box closing the story.

/**
 * The writer's box that closes a story: a portrait whose alt text is a name, then a line (a
 * heading or a paragraph) that opens with that same name ("Tim Green", "### Angela
 * Holliday-Bell, MD"), then the bio. Told by that pairing of picture and name, so it needs no
 * class name or label in any language; a story's own pictures are captioned with what they
 * show, and the line under them does not open with their alt text.
 */

/** Share of the story's long paragraphs that stand above the box for it to close the story. */
const BOX_AFTER = 0.7;

/** Blocks the box's bio runs to after its name line: more is the page going on, not a box. */
const BIO_BLOCKS = 3;

/** Characters of a name as a portrait's alt text: longer is a description of the picture. */
const NAME_MAX = 60;

/** The line's text from its first letter (emphasis marks, bullets and quotes dropped). */
const lead = (b: Block) => lineText(b).replace(/^[^\p{L}]+/u, '');

function images(nodes: readonly Inline[], out: Inline[] = []): Inline[] {
  for (const x of nodes) {
    if (x.kind === 'image') out.push(x);
    else if ('children' in x) images(x.children, out);
  }
  return out;
}

/** The alt text of a block that is only a picture (an image block, or a paragraph of one image). */
function pictureAlt(b: Block): string | undefined {
  if (b.kind === 'image') return b.alt;
  if (b.kind !== 'paragraph') return undefined;
  const pics = images(b.content);
  if (pics.length !== 1) return undefined;
  const alt = (pics[0] as { alt?: string }).alt;
  const t = lineText(b);
  return t === '' || t === alt?.trim() ? alt : undefined;
}

/**
 * A person's name: two to five words, the first and the last a capital's, no digits, brackets
 * or sentence punctuation (a product's or a place's picture is named "BMW 2er Tourer (2022)").
 */
function looksLikeName(s: string): boolean {
  const words = s.split(' ');
  return (
    s.length <= NAME_MAX &&
    words.length >= 2 &&
    words.length <= 5 &&
    /^\p{Lu}/u.test(words[0]) &&
    /^\p{Lu}/u.test(words[words.length - 1]) &&
    !/[\p{N}()[\]]|[.!?:;,]$/u.test(s)
  );
}

/**
 * Where the writer's box after the story begins, by index, or -1: a portrait named by the line
 * under it and at most BIO_BLOCKS blocks after that, standing after most of the story's long
 * paragraphs (`good`: each block's length if it is one, else 0).
 */
export function authorBoxStart(blocks: Block[], good: number[]): number {
  const total = good.reduce((s, n) => s + n, 0);
  let before = 0;
  for (let i = 0; i + 1 < blocks.length; i++) {
    before += good[i];
    const alt = pictureAlt(blocks[i])?.replace(/\s+/g, ' ').trim();
    if (!alt || !looksLikeName(alt)) continue;
    const next = blocks[i + 1];
    if ((next.kind !== 'heading' && next.kind !== 'paragraph') || !lead(next).startsWith(alt)) continue;
    // A shop's last card ("Knife Sharpeners $56.95 - $158.95") is named with a price or a
    // count; a writer's name line ("Jane Doe, MD", "Jane Doe Technology Writer") has no figure.
    if (/\p{N}/u.test(lineText(next))) continue;
    // The box closes the page's text: a portrait and name with more after them are a team
    // page's, an interview's or a list's entries, which are the content.
    if (blocks.length - (i + 2) > BIO_BLOCKS) continue;
    if (before - good[i] < total * BOX_AFTER || !ruleOn('author-box')) continue;
    // A note on the writer right above the portrait ("*Jane Doe, MD, is a …*") is the box's,
    // and so is the rule that sets the box off from the story.
    let start = i;
    if (blocks[start - 1]?.kind === 'paragraph' && lead(blocks[start - 1]).startsWith(alt)) start--;
    if (blocks[start - 1]?.kind === 'rule') start--;
    return start;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// In the blocks: the declared writer's bio as a plain paragraph.

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
const PARAGRAPH_OUTWEIGH = 3;

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
  const text = (i: number) => lineText(blocks[i]);
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
  if (!found.length || all - bio < bio * PARAGRAPH_OUTWEIGH || !ruleOn('author-bio')) return out;
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
