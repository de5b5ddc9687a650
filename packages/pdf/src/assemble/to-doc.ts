import type {
  Block,
  HeadingLevel,
  Inline,
  ListItem,
  PageInfo,
  Prov,
  ProvLine,
  TableCell,
} from '@distill/core';
import { asciiTwin } from '@distill/core';
import { CAPTION, CAPTION_LABEL } from '../layout/captions.js';
import { HAS_LETTER, STARTS_LOWER } from '../layout/letter-tests.js';
import { overlapX } from '../layout/overlap.js';
import type { Box, LayoutBlock, LayoutLine, PageLayout, Tint } from '../types.js';
import { rejoinBandCuts } from './band-cuts.js';
import { calloutTintsOf, withdrawCalloutBands } from './callouts.js';
import { type ColonLine, colonEnded, styledColonTitles } from './colon-titles.js';
import { joinContinuedTables } from './continued-tables.js';
import { furnitureOf } from './furniture.js';
import { headingText } from './heading-text.js';
import { headlessOf } from './headless.js';
import { onBand } from './on-band.js';
import { wrapsIntoParagraph } from './run-in-lead.js';
import { TitlePlaces } from './running-titles.js';

type TextBlock = Extract<LayoutBlock, { kind: 'text' }>;

const round = (v: number) => Math.round(v * 2) / 2;

function blockText(b: TextBlock): string {
  // Asked many times a block: concatenated, not joined through an array a line.
  const { lines } = b;
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) out += ' ';
    const { spans } = lines[i];
    for (let j = 0; j < spans.length; j++) out += spans[j].text;
  }
  return out;
}

/** The body font size of the document: the size carrying the most characters, tables included. */
export function bodySizeOf(pages: readonly PageLayout[]): number {
  const weight = new Map<number, number>();
  for (const p of pages)
    for (const b of p.blocks) {
      if (b.kind === 'table' && b.size) {
        const n = b.rows.flat().reduce((s, c) => s + c.text.length, 0);
        weight.set(round(b.size), (weight.get(round(b.size)) ?? 0) + n);
      }
      if (b.kind !== 'text') continue;
      for (const l of b.lines) {
        const n = l.spans.reduce((s, x) => s + x.text.length, 0);
        weight.set(round(l.size), (weight.get(round(l.size)) ?? 0) + n);
      }
    }
  let best = 10;
  let bestW = -1;
  for (const [s, w] of weight)
    if (w > bestW) {
      best = s;
      bestW = w;
    }
  return best;
}

/**
 * Whether the document sets its body text in bold: then bold marks nothing out, and a short
 * bold line at the body size is body text, not a title. Judged on the characters at the body
 * size, over BOLD_BODY of them in bold blocks.
 */
export function boldBodyOf(pages: readonly PageLayout[], body: number): boolean {
  let bold = 0;
  let all = 0;
  for (const p of pages)
    for (const b of p.blocks) {
      if (b.kind !== 'text') continue;
      // Layout marks bold per block (all of it bold or not).
      for (const l of b.lines) {
        if (round(l.size) !== body) continue;
        const n = l.spans.reduce((sum, s) => sum + s.text.length, 0);
        all += n;
        if (b.bold) bold += n;
      }
    }
  return all > 0 && bold > BOLD_BODY * all;
}
const BOLD_BODY = 0.5;

/**
 * The fill colours the document's body text is set in: those of its paragraphs (three lines or
 * more, or BODY_BLOCK characters) set in one colour, when there are BODY_FILL_EVIDENCE
 * characters of them. A short line in a colour none of them uses is marked out as a bold one
 * is; without enough paragraphs to tell (a slide, a form) no colour marks anything. Sorted,
 * so that the statistics of a document read page by page are the same however they are read.
 * Text set larger than the body (`body`, a heading's step or more) is no paragraph: a title
 * broken over three lines in the colour of the document's headings leaves that colour theirs.
 */
export function bodyFillsOf(pages: readonly PageLayout[], body: number): number[] {
  const fills = new Set<number>();
  let chars = 0;
  for (const p of pages)
    for (const b of p.blocks) {
      if (b.kind !== 'text' || (b.label && b.label !== 'list-item') || b.fill === undefined || b.fill < 0)
        continue;
      if (b.size >= body * HEADING_RATIO) continue;
      const n = blockText(b).length;
      if (b.lines.length < 3 && n < BODY_BLOCK) continue;
      fills.add(b.fill);
      chars += n;
    }
  return chars >= BODY_FILL_EVIDENCE ? [...fills].sort((a, b) => a - b) : [];
}
const BODY_BLOCK = 120;
const BODY_FILL_EVIDENCE = 400;

/** Whether `b` is set in a colour of its own (see bodyFillsOf), and is no link. */
function ownColour(b: TextBlock, fills: readonly number[]): boolean {
  if (fills.length === 0 || b.fill === undefined || b.fill < 0 || fills.includes(b.fill)) return false;
  for (const l of b.lines) for (const s of l.spans) if (s.href) return false;
  return true;
}

/**
 * Text this much larger than the body is a heading candidate: one step of a typical size
 * ladder (12 over 11, 13 over 12); a smaller step is a different font's metrics, not a tier.
 */
const HEADING_RATIO = 1.08;

/** Text this much larger than the body is display type: a title's, not a lead paragraph's. */
const DISPLAY_RATIO = 1.5;

/**
 * A section number before a capital or digit: 2.3 / 2.3.1 (two levels or more), IV., or one
 * capitalised word and a number or letter ("Chapter 4", "Kapitel 4", "Annexe B", "Part IV:"),
 * so that no language's words for chapter or appendix are needed. Group 1 holds the digits.
 */
const SECTION_NUMBER = asciiTwin(
  String.raw`^(?:(\d{1,2}(?:\.\d{1,2}){1,3})\.?|[IVX]{1,5}\.|\p{Lu}\p{Ll}{2,12}\s+(?:\d{1,2}|[A-Z]|[IVX]{1,5})[.:]?)\s+[\p{Lu}\d]`,
  'u',
);

/** Capital letters, figures and a title's punctuation only. */
const CAPS_ONLY = asciiTwin(String.raw`^[\p{Lu}\d\s&/,'’()–-]+$`, 'u');
/** What parts the words of a title in capitals. */
const NOT_CAPITALS = asciiTwin(String.raw`[^\p{Lu}]+`, 'u');
/** A lettered item's label at the start ("a. ", "iv) "). */
const LETTERED_ITEM = asciiTwin(String.raw`^\p{Ll}{1,4}[.)]\s`, 'u');
/** Where one sentence ends and the next starts. */
const SENTENCE_BREAK = asciiTwin(String.raw`(?<=\p{Ll}{2}[.!?])\s+(?=\p{Lu})`, 'u');
/** Spaces, punctuation and symbols, left out of a heading's key. */
const PUNCTUATION_RUNS = asciiTwin(String.raw`[\s\p{P}\p{S}]+`, 'gu');
/** A line that ends in a word broken by a hyphen. */
const LOWER_THEN_HYPHEN = asciiTwin(String.raw`\p{Ll}-$`, 'u');
/** A word between hyphens ("-based-"), a compound rather than a broken word. */
const HYPHENS_AROUND = asciiTwin(String.raw`-\p{L}*-$`, 'u');

/** A one-level number ("2 Results", "2. Results"): a section only beside its "2.1" subsections. */
const TOP_NUMBER = asciiTwin(String.raw`^(\d{1,2})\.?\s+\p{Lu}`, 'u');

/** The depth of a heading's decimal number ("2.3.1 Sampling" → 3, "2 Results" → 1), if any. */
function numberDepth(text: string): number | undefined {
  const m = /^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s/.exec(text);
  return m ? m[1].split('.').length : undefined;
}

/**
 * A line standing as a block of its own at about the body size, over more text: a numbered
 * title's shape (one line, a few words, no closing punctuation). `next` is the block after it,
 * or 'next page' for a title left at a page's foot (see closesPage), whose text is overleaf.
 * `lines` is how many lines the title may take (a long title in capitals breaks onto a second).
 */
function titleShaped(
  b: TextBlock,
  text: string,
  body: number,
  next?: LayoutBlock | 'next page',
  lines = 1,
): boolean {
  return (
    b.lines.length <= lines &&
    text.split(/\s+/).length <= 12 &&
    !/[.,;:]$/.test(text) &&
    b.size >= body * 0.95 &&
    (next === 'next page' || (next?.kind === 'text' && blockText(next).length > 2 * text.length))
  );
}

/**
 * A title set in capitals: capital letters, figures and a title's punctuation only (no blank to
 * fill in, no sentence), with a word of five letters, two of four or three words of two letters
 * or more ("WHAT ARE THE", "HOW WE DO IT"): an acronym alone ("OECD") or two side by side
 * ("EU / UN") is no title.
 */
function capsTitle(text: string): boolean {
  if (!CAPS_ONLY.test(text)) return false;
  const words = text.split(NOT_CAPITALS.for(text)).filter((w) => w.length >= 2);
  const long = words.filter((w) => w.length >= 4);
  return long.length >= 2 || long.some((w) => w.length >= 5) || words.length >= 3;
}

/** A lettered item's label ("a)", "c.", "(iv)") as layout gives it for a block's marker. */
const LABEL_MARKER = /[.)]$/;

/**
 * The marks that set a line of about the body size apart as a title, one of which it must
 * carry: bold (where the body is not bold), a colour the body never uses (see bodyFillsOf) or
 * a band of its own (see onBand: a tint sets the line apart as a colour does), italic. Italic over italic text marks nothing; the callers ask the text under it to be
 * roman.
 */
function titleMarks(b: TextBlock, body: number, boldBody: boolean, fills: readonly number[]): boolean[] {
  const bodySized = b.size >= body * 0.95;
  return [
    b.bold && !boldBody,
    bodySized && (ownColour(b, fills) || b.band === true),
    bodySized && b.italic === true,
  ];
}

/**
 * Whether `b` and `o` share a left edge, or are centred on one axis (a centred title over its
 * text). A title on a band (see onBand) is padded in from the edge the band shares, by less
 * than its size.
 */
function aligned(b: TextBlock, o: TextBlock): boolean {
  const inset = b.box.x0 - o.box.x0;
  return (
    Math.abs(inset) < 2 ||
    (onBand(b) && inset > 0 && inset < b.size) ||
    Math.abs(o.box.x0 + o.box.x1 - b.box.x0 - b.box.x1) < 2 * b.size
  );
}

/** A title's mark on a line the page's margin bands hold (a running line has none of these, or repeats). */
function marginTitleMarked(b: TextBlock, body: number, fills: readonly number[]): boolean {
  const text = blockText(b).trim();
  return (
    b.lines.length === 1 &&
    (titleMarks(b, body, false, fills).some(Boolean) ||
      b.size >= body * HEADING_RATIO ||
      capsTitle(text) ||
      SECTION_NUMBER.test(text) ||
      TOP_NUMBER.test(text))
  );
}

/** Text of the body under or over a margin title: no label but a list item's, not bold, not italic. */
const bodyText = (o: LayoutBlock | undefined): o is TextBlock =>
  o?.kind === 'text' && (!o.label || o.label === 'list-item') && !o.bold && !o.italic;

/**
 * A section title that opens a page is set where a running header would be (the top line,
 * inside the top margin's band), but it sits on the text it heads: a title's mark (see
 * marginTitleMarked), one line, the next block of text (a paragraph or a list) right under it
 * (less than its own size apart), on the same left edge or centred over it, regular text of no
 * larger size. A running header stands apart from the body by a line or more, or over the
 * page's own larger title.
 */
function opensPage(
  b: TextBlock,
  body: number,
  next: LayoutBlock | undefined,
  fills: readonly number[],
): boolean {
  if (
    !marginTitleMarked(b, body, fills) ||
    next?.kind !== 'text' ||
    next.box.y0 < b.box.y1 ||
    next.box.y0 - b.box.y1 >= b.size
  )
    return false;
  // Display type (DISPLAY_RATIO the body or more) over the text under it is the page's title,
  // whatever opens the body there: a sub-title in bold, a list set in from its edge.
  if (b.size >= body * DISPLAY_RATIO && next.size * DISPLAY_STEP <= b.size && overlapX(b.box, next.box) > 0)
    return true;
  return bodyText(next) && next.size <= b.size * 1.05 && aligned(b, next);
}
/** How much larger than the text under it a display title is set, at least. */
const DISPLAY_STEP = 1.2;

/**
 * A section title that closes a page: its text may not break from the paragraph under it, so
 * that paragraph starts the next page and the title is left at the foot, where a running
 * footer would be. It is the last block of the page's body (`last`: only running lines after
 * it, see PagePlace), carries a title's mark (see
 * marginTitleMarked), and follows the body text above it (`prev`) at a paragraph's spacing
 * (under two and a half lines), on its left edge or centred on it. A running footer stands
 * apart from the body by a margin, and one that repeats on other pages is furniture
 * (headingLevels leaves those out).
 */
function closesPage(
  b: TextBlock,
  body: number,
  prev: LayoutBlock | undefined,
  last: boolean,
  fills: readonly number[],
): boolean {
  return (
    last &&
    marginTitleMarked(b, body, fills) &&
    bodyText(prev) &&
    b.box.y0 >= prev.box.y1 &&
    b.box.y0 - prev.box.y1 < 2.5 * b.size &&
    (aligned(b, prev) || indentedUnder(prev, b))
  );
}

/**
 * Whether `item` is a list item indented from `b`'s left edge by a marker's width (under three
 * sizes): the column's edge is where the item's marker hangs from, so `b` is set on it.
 */
function indentedUnder(item: TextBlock, b: TextBlock): boolean {
  const indent = item.box.x0 - b.box.x0;
  return item.label === 'list-item' && indent > 0 && indent < 3 * b.size;
}

/**
 * A title broken over lines of a narrow column's measure (under NARROW_LINE characters a line
 * on average): there a title of two lines' length elsewhere takes three or four.
 */
const narrowTitle = (b: TextBlock, text: string) =>
  b.lines.length >= 2 && text.length / b.lines.length < NARROW_LINE;
const NARROW_LINE = 40;

function isHeadingCandidate(
  b: TextBlock,
  body: number,
  next?: LayoutBlock,
  boldBody = false,
  prev?: LayoutBlock,
  fills: readonly number[] = [],
  place: PagePlace = {},
  colonTitle = false,
): boolean {
  // A page header by place alone, in a document that runs none (see headlessOf), is text.
  const label = place.ownTop ? undefined : b.label;
  // A title left at the foot: it heads text on the next page, so no text under it shows its mark.
  const closing =
    (label === 'page-footer' || !label) && closesPage(b, body, prev, place.closes === true, fills);
  if (
    label &&
    label !== 'list-item' &&
    !(label === 'page-header' && opensPage(b, body, next, fills)) &&
    !closing
  )
    return false;
  // A bullet's item is no title; a lettered one ("c. Regulated storage") is, set larger than
  // the body (bold at the body size, it is an item of a lettered list).
  if (b.toc || (b.marker && !(LABEL_MARKER.test(b.marker) && b.size >= body * HEADING_RATIO))) return false;
  const text = blockText(b).trim();
  // A title set large wraps to more lines in a narrow column than one at the body size does.
  const narrow = b.bold && !boldBody && narrowTitle(b, text);
  const maxLines = b.size >= body * DISPLAY_RATIO ? 5 : narrow && b.size >= body * HEADING_RATIO ? 4 : 3;
  if (text.length < 2 || text.length > 160 || b.lines.length > maxLines) return false;
  // A figure's or table's label left at a page's top or foot (where layout labels the margin
  // lines first) is a caption still.
  if (b.label && CAPTION.test(text)) return false;
  if (titlesCaption(b, prev)) return false;
  if (!HAS_LETTER.test(text)) return false;
  // Table-of-contents entries end in a page number, often after dot leaders.
  if (/(\.{3,}|…)\s*\d{1,4}$/.test(text)) return false;
  const words = text.split(/\s+/).length;
  // A sentence set a little larger (a lead paragraph, a pull quote, a lead-in ending in a
  // colon) is not a title; a footnote mark may follow its full stop.
  const sentence = /[.!?:]["”’)]?\d{0,3}$/u.test(text) && words >= 8;
  // Titles start with a capital, a number, a symbol or an enumerator ("c.", "iv)"); a line
  // starting in lower case continues a sentence (from the previous page or column).
  // A short one ending in a full stop or comma ("cropping.") is the tail of such a sentence.
  const continuation =
    STARTS_LOWER.test(text) && !LETTERED_ITEM.test(text) && (words >= 4 || /[.,;]$/.test(text));
  if (continuation) return false;
  // Set in bold (where the body is not) over two lines at most, it is a title put as a
  // question or a statement ("What are the biggest diet trends in 2025?", "Key features of
  // Bluetooth 5.2:"): a lead paragraph or a pull quote runs longer, in the body's weight.
  if (b.size >= body * HEADING_RATIO)
    return !(sentence && b.size < body * 1.3 && !(b.bold && !boldBody && b.lines.length <= (narrow ? 4 : 2)));
  // A numbered section title at the body size ("2.3 Sampling", "IV. Results", "Appendix B
  // Methods") standing as a block of its own, no sentence, over more text, is a heading.
  // A one-level number ("2 Results") is decided in headingLevels, beside its subsections.
  const under = closing ? 'next page' : next;
  if (SECTION_NUMBER.test(text) && titleShaped(b, text, body, under)) return true;
  // So is a title in capitals ("MATERIALS AND METHODS", "ВВЕДЕНИЕ") in any script with case,
  // on one line or broken onto a second ("ETHICS CODES AND / RULES"), both in capitals.
  if (capsTitle(text) && titleShaped(b, text, body, under, 2)) return true;
  // A bold note ("*Double these amounts… See table below") is no title: it opens with a
  // note mark or holds more than one sentence.
  const note =
    /^[*†‡]/u.test(text) ||
    text.split(SENTENCE_BREAK.for(text)).filter((s) => s.split(/\s+/).length >= 3).length >= 2;
  // A line in a colour the body never uses, or in italic, at the body size or larger, is
  // marked as a bold one is (smaller, it is a chart's source or a note's label).
  const [bold, colour, italic] = titleMarks(b, body, boldBody, fills);
  const boldTitle =
    (bold || colour || (italic && (italicHeads(b, text, prev, next) || closing))) &&
    text.length <= 100 &&
    !(colonTitle ? /[.,;]$/ : /[.,;:]$/).test(text) &&
    b.lines.length <= 2 &&
    !note;
  // A bold line at the body size right over a list is the list's label ("What to bring",
  // "Supplies and Equipment"), a paragraph as DP-Bench's truth writes it, colon or not; the
  // same line over text, or set larger, is a title. So is one set apart from the text above
  // by a paragraph's space and lying on its list, as a section title lies on its section, or
  // set on a band (see onBand), or opening the page's body under its running lines (a list's
  // label follows the text that leads to the list).
  if (
    boldTitle &&
    b.size < body * HEADING_RATIO &&
    labelsList(b, next) &&
    !standsOver(b, prev, next) &&
    !onBand(b) &&
    !place.opens
  )
    return false;
  // A bold lead-in run into its paragraph and broken at a narrow column's edge stands as a
  // block of its own over the rest of its paragraph (see runsInto, wrapsIntoParagraph): it is no title.
  if (boldTitle && b.size < body * HEADING_RATIO && (runsInto(b, next) || wrapsIntoParagraph(b, next)))
    return false;
  if (boldTitle && b.size >= body * 0.95) return true;
  // A sidebar or box sets its own smaller text: a bold title over regular text of about its
  // size is that text's heading.
  return (
    boldTitle &&
    b.size >= body * 0.7 &&
    next?.kind === 'text' &&
    !next.bold &&
    !next.label &&
    next.size >= b.size * 0.9 &&
    next.size <= b.size * 1.25 &&
    blockText(next).length > 2 * text.length &&
    next.box.y0 > b.box.y0 &&
    Math.min(next.box.x1, b.box.x1) - Math.max(next.box.x0, b.box.x0) > 0
  );
}

/**
 * Whether `b` is the title of a caption whose label stands alone before it ("Diagram 2" beside
 * "Participation of institutions in 2021", "Figure 1" over a centred bold title): on the label's
 * line to its right (less than four sizes apart), or under it (less than two and a half lines
 * apart), no further left or centred on it.
 */
function titlesCaption(b: TextBlock, prev: LayoutBlock | undefined): boolean {
  if (prev?.kind !== 'text' || prev.lines.length !== 1 || !CAPTION_LABEL.test(blockText(prev).trim()))
    return false;
  const size = Math.max(b.size, prev.size);
  const beside =
    prev.box.y0 < b.box.y1 &&
    prev.box.y1 > b.box.y0 &&
    b.box.x0 >= prev.box.x1 - 1 &&
    b.box.x0 - prev.box.x1 < 4 * size;
  const gap = b.box.y0 - prev.box.y1;
  return beside || (gap > -1 && gap < 2.5 * size && (b.box.x0 >= prev.box.x0 - 1 || aligned(b, prev)));
}

/**
 * Whether an italic line heads the text under it: roman text (over italic, it is part of an
 * italic passage) longer than itself, no further from it than from the text above (a source
 * or a note under a table or a paragraph sits closer to what it notes), and not right under a
 * table or a picture.
 */
function italicHeads(
  b: TextBlock,
  text: string,
  prev: LayoutBlock | undefined,
  next: LayoutBlock | undefined,
): boolean {
  if (!bodyText(next) || blockText(next).length <= 2 * text.length || next.box.y0 < b.box.y1) return false;
  if (prev === undefined || prev.box.y1 > b.box.y0) return true;
  return prev.kind === 'text' && next.box.y0 - b.box.y1 <= b.box.y0 - prev.box.y1 + 1;
}

/**
 * Whether the regular text right under `b` (closer than half its size, on its left edge, of
 * about its size) goes on from it: a paragraph opening in lower case, the rest of a sentence
 * begun on `b`'s line. A title's text opens a sentence of its own.
 */
function runsInto(b: TextBlock, next: LayoutBlock | undefined): boolean {
  if (next?.kind !== 'text' || next.bold || next.label || next.lines.length < 2) return false;
  const gap = next.box.y0 - b.box.y1;
  return (
    gap > -1 &&
    gap < 0.5 * b.size &&
    Math.abs(next.box.x0 - b.box.x0) < 2 &&
    Math.abs(next.size - b.size) < 0.1 * b.size &&
    STARTS_LOWER.test(blockText(next))
  );
}

/**
 * Whether `b` stands apart from the paragraph above it in the same column (`prev`) by a line's
 * space or more, at least twice the space to `next` under it: it heads what follows. Between
 * two lists (`prev` an item) it is the next list's label, however spaced.
 */
function standsOver(b: TextBlock, prev: LayoutBlock | undefined, next: LayoutBlock | undefined): boolean {
  if (prev?.kind !== 'text' || prev.label || next?.kind !== 'text' || prev.box.y1 > b.box.y0) return false;
  if (Math.min(prev.box.x1, b.box.x1) - Math.max(prev.box.x0, b.box.x0) <= 0) return false;
  const above = b.box.y0 - prev.box.y1;
  return above >= 0.8 * b.size && above >= 2 * (next.box.y0 - b.box.y1);
}

/**
 * Whether `next` is a list item set right under `b` (less than a line apart), as under its label.
 * A numbered or lettered item set in bold itself ("1. Pliers" under "Tools you need", "a. First
 * looks") is a numbered title of its own, and `b` the title over those; a bold item under a
 * bullet is still an item.
 */
function labelsList(b: TextBlock, next: LayoutBlock | undefined): boolean {
  if (next?.kind !== 'text' || next.box.y0 < b.box.y1 || next.box.y0 - b.box.y1 > 1.2 * b.size) return false;
  const numbered = NUMBERED_ITEM.test(blockText(next));
  if (next.bold && (numbered || (next.marker !== undefined && LABEL_MARKER.test(next.marker)))) return false;
  return next.label === 'list-item' || numbered;
}
/** A numbered item's label at the start ("3. ", "(12) "). */
const NUMBERED_ITEM = /^\(?\d{1,3}[.)]\s/;

/**
 * Where a block stands in its page's body, looking past the running lines (page headers and
 * footers): `opens`, every block before it is a running line and there is one (it is itself
 * one, or one is above it; a page without running lines gives no such evidence); `closes`,
 * every block after it is a running line, or there is none.
 */
interface PagePlace {
  opens?: boolean;
  closes?: boolean;
  /** A page header by its place only, in a document that runs no header (see headlessOf). */
  ownTop?: boolean;
}

const running = (o: LayoutBlock) =>
  o.kind === 'text' && (o.label === 'page-header' || o.label === 'page-footer');

/** Each block's PagePlace, from the first and last blocks of the page's body (a page header by
 * its place stays out of the body here, headless or not: a line over the body's first block is
 * as often a breadcrumb or a kicker as a running title). */
function placesOf(blocks: readonly LayoutBlock[], headless = false): PagePlace[] {
  let first = blocks.findIndex((o) => !running(o));
  if (first < 0) first = blocks.length;
  let last = blocks.length - 1;
  while (last >= 0 && running(blocks[last])) last--;
  return blocks.map((b, i) => {
    const place: PagePlace = {
      opens: i <= first && (i > 0 || (b.kind === 'text' && b.label === 'page-header')),
      closes: i >= last,
    };
    if (headless && b.kind === 'text' && b.label === 'page-header') place.ownTop = true;
    return place;
  });
}

/**
 * How many of `others` (a page's short bold blocks) share `b`'s first line, side by side (top
 * within a third of a size, no overlap across), at its size. A title stands alone on its line; three bold
 * labels or more in a row are the header cells of a table not found as one (a table's first
 * rows at the foot of a page), where two may be the headings of two columns set level. A
 * table's header cells share one size: a title set larger beside `b` (the page's title over
 * the left column, level with a section title opening the right one) is no cell of its row.
 */
function sideBySide(b: TextBlock, others: readonly TextBlock[]): number {
  const top = b.lines[0].box.y0;
  return others.filter(
    (o) =>
      o !== b &&
      Math.abs(o.size - b.size) < SAME_SIZE * b.size &&
      Math.abs(o.lines[0].box.y0 - top) < 0.3 * b.size &&
      (o.box.x1 <= b.box.x0 || o.box.x0 >= b.box.x1),
  ).length;
}
/** Sizes closer than this share a tier: one font's sizes, not a step. */
const SAME_SIZE = 0.1;

/**
 * Whether a line ending in a colon (see styledColonTitles) stands over its text as the
 * document's titles do: set apart from the text above by a paragraph's space and twice the
 * space under it (see standsOver), over regular text that is no list item, and a title by
 * every other test.
 */
function colonStandsAsTitle(
  { b, prev, next, place }: ColonLine<PagePlace>,
  body: number,
  boldBody: boolean,
  fills: readonly number[],
): boolean {
  return (
    standsOver(b, prev, next) &&
    bodyText(next) &&
    next.label !== 'list-item' &&
    isHeadingCandidate(b, body, next, boldBody, prev, fills, place, true)
  );
}

/** Heading levels from the distinct size tiers of the document's candidate headings. */
/**
 * What heading levels depend on across a document, decided from its first pages when it is
 * read page by page: the body size, the size tiers of headings, the titles repeated on page
 * after page (running titles, no headings).
 */
export interface DocStats {
  body: number;
  /** The body is set in bold (see boldBodyOf). */
  boldBody: boolean;
  /** The colours the body is set in (see bodyFillsOf). */
  fills: number[];
  /** The boxes call-outs are set in (see calloutTintsOf). */
  callouts?: Tint[];
  tiers: number[];
  running: Set<string>;
  /** The level of each decimal numbering depth set above the body size (depth, level). */
  depths?: [number, number][];
  /** The document runs no header (see headlessOf). */
  headless?: boolean;
}

const headingKey = (b: TextBlock) => {
  const text = blockText(b).toLowerCase();
  return text.replace(PUNCTUATION_RUNS.for(text), '');
};

/** The statistics of a run of pages (the first ones of a document read page by page). */
export function docStats(pages: readonly PageLayout[]): DocStats {
  const body = bodySizeOf(pages);
  const boldBody = boldBodyOf(pages, body);
  const fills = bodyFillsOf(pages, body);
  const callouts = calloutTintsOf(pages);
  const out: DocStats = { body, boldBody, fills, callouts, tiers: [], running: new Set<string>() };
  // A line in a call-out's box is no title by its band (callouts.ts): the bands are read first.
  withdrawCalloutBands(pages, body, callouts);
  // The tiers as headingLevels takes them for these pages (before runs of headings are
  // demoted), so pages given these statistics get the levels the pages together would.
  headingLevels(pages, body, { boldBody, fills }, out);
  return out;
}

/**
 * The heading level of each block that is one, from the document's size tiers. The callers
 * withdraw the bands of call-outs first (withdrawCalloutBands): a band marks a title here.
 */
export function headingLevels(
  pages: readonly PageLayout[],
  body: number,
  stats?: Partial<DocStats>,
  statsOut?: DocStats,
  furniture?: ReadonlySet<TextBlock>,
): Map<TextBlock, HeadingLevel> {
  const runningOut = statsOut?.running;
  const boldBody = stats?.boldBody ?? boldBodyOf(pages, body);
  const fills = stats?.fills ?? bodyFillsOf(pages, body);
  const headless = stats?.headless ?? headlessOf(pages);
  if (statsOut) statsOut.headless = headless;
  let cands: TextBlock[] = [];
  const tops: [TextBlock, LayoutBlock | undefined][] = [];
  const colons: ColonLine<PagePlace>[] = [];
  const titlePlaces = new TitlePlaces();
  const key = headingKey;
  pages.forEach((p, n) => {
    const onPage: TextBlock[] = [];
    const places = placesOf(p.blocks, headless);
    p.blocks.forEach((b, i) => {
      if (b.kind !== 'text') return;
      if (pages.length >= 3 && b.lines.length <= 3) {
        const k = key(b);
        if (k) titlePlaces.add(k, n, b.box.y0);
      }
      if (isHeadingCandidate(b, body, p.blocks[i + 1], boldBody, p.blocks[i - 1], fills, places[i]))
        onPage.push(b);
      else if (colonEnded(b, blockText(b)))
        colons.push({ b, prev: p.blocks[i - 1], next: p.blocks[i + 1], place: places[i] });
      // A one-level number opening a page on its text (see opensPage) is weighed as one in the body.
      else if (
        TOP_NUMBER.test(blockText(b).trim()) &&
        (!b.label ||
          places[i].ownTop ||
          (b.label === 'page-header' && opensPage(b, body, p.blocks[i + 1], fills))) &&
        !b.toc
      )
        tops.push([b, p.blocks[i + 1]]);
    });
    const labels = p.blocks.filter((b): b is TextBlock => b.kind === 'text' && b.bold && b.lines.length <= 3);
    // A page's top line taken as its own text (see headlessOf) stands alone on its line: two
    // bold labels there side by side are a table's header printed again over its next part.
    const own = new Set(p.blocks.filter((_, i) => places[i].ownTop));
    cands.push(...onPage.filter((b) => sideBySide(b, labels) < (own.has(b) ? 1 : 2)));
  });
  cands.push(...styledColonTitles(colons, cands, (c) => colonStandsAsTitle(c, body, boldBody, fills)));
  // "2 Results" over text is a section where the document numbers its sections in decimals
  // ("1.1 …" is a heading) and 2 continues those numbers (at most one past the highest "N."
  // of a subsection); without subsections it is as likely an item of a numbered list.
  let top = 0;
  for (const b of cands) {
    const m = SECTION_NUMBER.exec(blockText(b).trim());
    if (m?.[1]) top = Math.max(top, Number(m[1].split('.')[0]));
  }
  const shaped = tops.filter(([b, next]) => titleShaped(b, blockText(b).trim(), body, next));
  const numberOf = (b: TextBlock) => Number(TOP_NUMBER.exec(blockText(b).trim())![1]);
  for (const [b] of shaped) if (top > 0 && numberOf(b) <= top + 1) cands.push(b);
  // Without subsections, such titles are the document's sections where they run 1, 2, 3… in
  // order, two at least and none missing or repeated, each over text of its own (titleShaped:
  // the block under it is text, twice its length): the items of a numbered list follow one
  // another, or end in a full stop.
  if (top === 0 && shaped.length >= 2 && shaped.every(([b], i) => numberOf(b) === i + 1))
    for (const [b] of shaped) cands.push(b);
  // A title set on page after page in one place (a running header, in the margin or not: the
  // document's or chapter's name) heads no section.
  if (pages.length >= 3)
    cands = cands.filter((b) => {
      const k = key(b);
      const repeated = titlePlaces.running(k, b.size, pages.length);
      if (repeated) runningOut?.add(k);
      return !repeated;
    });
  if (stats?.running) cands = cands.filter((b) => !stats.running!.has(key(b)));
  // A margin line whose text comes back on another page is page furniture, however marked.
  if (furniture?.size) cands = cands.filter((b) => !furniture.has(b));
  const tiers =
    stats?.tiers ??
    [...new Set(cands.filter((b) => b.size >= body * HEADING_RATIO).map((b) => round(b.size)))].sort(
      (a, b) => b - a,
    );
  if (statsOut) statsOut.tiers = tiers;
  const out = new Map<TextBlock, HeadingLevel>();
  // The level each numbering depth has where size tells it ("1 Scope" set large: depth 1 is
  // level 1), so that a number set at the body size goes under it by its depth.
  const depthLevel = new Map<number, number>(stats?.depths ?? []);
  const learn = !stats?.depths;
  for (const b of cands) {
    if (b.size < body * HEADING_RATIO) continue;
    // A size the tiers lack (page by page: one not met on the first pages) takes the tier
    // at or below it, and the top tier when it is larger than all.
    const i = tiers.findIndex((x) => x <= round(b.size));
    const level = (i < 0 ? tiers.length : i) + 1;
    out.set(b, Math.min(6, level) as HeadingLevel);
    const d = numberDepth(blockText(b).trim());
    if (learn && d !== undefined && !depthLevel.has(d)) depthLevel.set(d, level);
  }
  if (statsOut) statsOut.depths = [...depthLevel];
  for (const b of cands) {
    if (out.has(b)) continue;
    // Below the size tiers; a decimal number's depth places it under the shallower numbered
    // level nearest it (2.1 under 2), and the same depth is the same level document-wide.
    let level = tiers.length + 1;
    const d = numberDepth(blockText(b).trim());
    if (d !== undefined) {
      const known = [...depthLevel].filter(([k]) => k <= d).sort((x, y) => y[0] - x[0])[0];
      level = known ? known[1] + (d - known[0]) : tiers.length + d;
    }
    out.set(b, Math.min(6, Math.max(1, level)) as HeadingLevel);
  }

  demoteHeadingRuns(pages, out);
  return out;
}

/**
 * Three or more headings of one level in a row, with nothing but page numbers between them,
 * are a list set large or bold (a contents page, an agenda), not a run of empty sections.
 */
function demoteHeadingRuns(pages: readonly PageLayout[], levels: Map<TextBlock, HeadingLevel>): void {
  let run: TextBlock[] = [];
  const close = () => {
    if (run.length >= 3) for (const b of run) levels.delete(b);
    run = [];
  };
  for (const p of pages)
    for (const b of p.blocks) {
      if (b.kind !== 'text') {
        close();
        continue;
      }
      const level = levels.get(b);
      if (level === undefined) {
        if (!HAS_LETTER.test(blockText(b))) continue;
        close();
        continue;
      }
      if (run.length && levels.get(run[0]) !== level) close();
      run.push(b);
    }
  close();
}

/** Paragraph inlines: lines joined by newlines, words hyphenated across a line break rejoined. */
export function lineInlines(lines: readonly LayoutLine[], dehyphenate = true): Inline[] {
  const out: Inline[] = [];
  const push = (text: string, href?: string) => {
    if (text === '') return;
    if (href) {
      const last = out[out.length - 1];
      if (last?.kind === 'link' && last.href === href) {
        last.children.push({ kind: 'text', text });
        return;
      }
      out.push({ kind: 'link', href, children: [{ kind: 'text', text }] });
    } else {
      const last = out[out.length - 1];
      if (last?.kind === 'text') last.text += text;
      else out.push({ kind: 'text', text });
    }
  };
  const texts = lines.map((l) => l.spans.map((s) => ({ ...s })));
  for (let i = 0; i < texts.length; i++) {
    const spans = texts[i];
    if (i > 0) {
      // "hyphen-\nated": the word moves up whole, so every line still ends at a word boundary.
      const prevLast = out[out.length - 1];
      const first = spans[0];
      if (prevLast?.kind === 'link' && first?.href === prevLast.href) {
        // A link wrapped onto the next line stays one link.
        prevLast.children.push({ kind: 'text', text: '\n' });
      } else if (
        dehyphenate &&
        prevLast?.kind === 'text' &&
        first &&
        !first.href &&
        LOWER_THEN_HYPHEN.test(prevLast.text) &&
        // "mixture-of-" ends a compound that keeps its hyphens.
        !HYPHENS_AROUND.test(prevLast.text.split(/\s/).pop()!) &&
        STARTS_LOWER.test(first.text)
      ) {
        const m = /^(\S+)\s*(.*)$/su.exec(first.text)!;
        prevLast.text = prevLast.text.slice(0, -1) + m[1];
        first.text = m[2];
        push('\n');
      } else push('\n');
    }
    for (const s of spans) push(s.text, s.href);
  }
  // A trailing newline left by a moved word would end the paragraph in a blank line.
  const last = out[out.length - 1];
  if (last?.kind === 'text') last.text = last.text.replace(/\n+$/, '');
  return out.filter((n) => n.kind !== 'text' || n.text !== '');
}

function normBox(b: Box, w: number, h: number): [number, number, number, number] {
  const c = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1e4) / 1e4));
  return [c(b.x0 / w), c(b.y0 / h), c(b.x1 / w), c(b.y1 / h)];
}

const ORDERED = /^\(?(\d{1,3})[.)]\s+/;

/**
 * A written picture's alt text: the caption set right after it (or right before it), as a PDF
 * carries no alt text outside its tagged structure. The caption stays a paragraph too.
 */
function captionOf(blocks: readonly LayoutBlock[], i: number): string | undefined {
  for (const j of [i + 1, i - 1]) {
    const b = blocks[j];
    if (b?.kind === 'text' && b.label === 'caption') return blockText(b).replace(/\s+/g, ' ').trim();
  }
  return undefined;
}

/**
 * The document model from page layouts: headings from document-wide size tiers, runs of list
 * items as lists, a pageBreak before every page after the first, and on every block its page,
 * normalised box and layout label. A table continued across a page break is one table, on the
 * page where it starts (unless `joinTables` is false). With `stats` and `furniture` (page by
 * page), the body size, heading tiers and page furniture are those given, not the pages'.
 */
export function layoutsToBlocks(
  given: readonly PageLayout[],
  opts: { joinTables?: boolean; stats?: DocStats; furniture?: ReadonlySet<TextBlock> } = {},
): { blocks: Block[]; pages: PageInfo[] } {
  const joinedTables = opts.joinTables === false ? given : joinContinuedTables(given);
  const furniture = opts.furniture ?? furnitureOf(joinedTables);
  // In a document that runs no header, the top band's lines are the page's own text.
  const pages =
    (opts.stats?.headless ?? headlessOf(joinedTables))
      ? joinedTables.map((p) => rejoinBandCuts(p, furniture))
      : joinedTables;
  const body = opts.stats?.body ?? bodySizeOf(pages);
  // A line in a call-out's box is no title by its band (callouts.ts): the bands are read first.
  withdrawCalloutBands(pages, body, opts.stats?.callouts ?? calloutTintsOf(pages));
  const levels = headingLevels(pages, body, opts.stats, undefined, furniture);
  const blocks: Block[] = [];
  const infos: PageInfo[] = [];
  pages.forEach((page, pi) => {
    infos.push({
      pageNumber: page.pageNumber,
      width: Math.round(page.width * 100) / 100,
      height: Math.round(page.height * 100) / 100,
      status: page.error ? 'error' : page.chars === 0 ? 'empty' : 'ok',
    });
    if (pi > 0) blocks.push({ kind: 'pageBreak', page: page.pageNumber });
    const prov = (box: Box, label?: string, text?: TextBlock): Prov => {
      const p: Prov = { page: page.pageNumber, bbox: normBox(box, page.width || 1, page.height || 1) };
      if (label) p.label = label;
      if (text) {
        p.lines = provLines(text, page.width || 1, page.height || 1);
        if (furniture.has(text)) p.furniture = true;
      }
      return p;
    };
    let list: { block: Extract<Block, { kind: 'list' }>; box: Box; next?: number } | undefined;
    const closeList = () => {
      if (list) list.block.prov = prov(list.box, 'list');
      list = undefined;
    };
    for (const [bi, b] of page.blocks.entries()) {
      if (b.kind === 'table') {
        closeList();
        const rows: TableCell[][] = b.rows.map((r) =>
          r.map((c) => {
            const cell: TableCell = { content: c.text ? [{ kind: 'text', text: c.text }] : [] };
            if (c.rowSpan) cell.rowSpan = c.rowSpan;
            if (c.colSpan) cell.colSpan = c.colSpan;
            return cell;
          }),
        );
        const table: Extract<Block, { kind: 'table' }> = { kind: 'table', rows, prov: prov(b.box, 'table') };
        if (b.continued?.length)
          table.continued = b.continued.map((c) => ({
            page: c.pageNumber,
            bbox: normBox(c.box, c.width || 1, c.height || 1),
            label: 'table',
          }));
        if (b.grid) {
          const c = (v: number, d: number) => Math.round((v / (d || 1)) * 1e4) / 1e4;
          table.grid = {
            cols: b.grid.xs.map((x) => c(x, page.width)),
            rows: b.grid.ys.map((y) => c(y, page.height)),
          };
        }
        blocks.push(table);
        continue;
      }
      if (b.kind === 'image') {
        closeList();
        const image: Extract<Block, { kind: 'image' }> = { kind: 'image', prov: prov(b.box, 'picture') };
        if (b.src) {
          image.src = b.src;
          const alt = captionOf(page.blocks, bi);
          if (alt) image.alt = alt;
        }
        blocks.push(image);
        continue;
      }
      const level = levels.get(b);
      const ordered = !b.marker && !level ? ORDERED.exec(blockText(b)) : null;
      if ((b.marker && !level) || ordered) {
        const num = ordered ? Number(ordered[1]) : undefined;
        const isOrdered = num !== undefined;
        let lines = b.lines;
        if (ordered) {
          lines = b.lines.map((l, i) =>
            i === 0 ? { ...l, spans: stripFirst(l.spans, ordered[0].length) } : l,
          );
        }
        const item: ListItem = {
          blocks: [{ kind: 'paragraph', content: lineInlines(lines), prov: prov(b.box, 'list-item', b) }],
        };
        const fits = list && list.block.ordered === isOrdered && (!isOrdered || list.next === num);
        if (!fits) {
          closeList();
          list = {
            block: {
              kind: 'list',
              ordered: isOrdered,
              items: [],
              ...(isOrdered && num !== 1 ? { start: num } : {}),
            },
            box: b.box,
          };
          blocks.push(list.block);
        }
        list!.block.items.push(item);
        list!.box = {
          x0: Math.min(list!.box.x0, b.box.x0),
          y0: Math.min(list!.box.y0, b.box.y0),
          x1: Math.max(list!.box.x1, b.box.x1),
          y1: Math.max(list!.box.y1, b.box.y1),
        };
        list!.next = isOrdered ? num! + 1 : undefined;
        continue;
      }
      closeList();
      if (level) {
        const text = headingText(b.lines);
        blocks.push({
          kind: 'heading',
          level,
          content: [{ kind: 'text', text }],
          prov: prov(b.box, 'heading', b),
        });
        continue;
      }
      const content = lineInlines(b.lines);
      if (content.length === 0) continue;
      blocks.push({ kind: 'paragraph', content, prov: prov(b.box, b.label ?? 'text', b) });
    }
    closeList();
  });
  return { blocks, pages: infos };
}

/** A text block's lines with their text and normalised boxes (the `lines` of `blocks`). */
function provLines(b: TextBlock, w: number, h: number): ProvLine[] {
  return b.lines.map((l) => ({
    text: l.spans
      .map((s) => s.text)
      .join('')
      .trim(),
    bbox: normBox(l.box, w, h),
  }));
}

function stripFirst(spans: LayoutLine['spans'], n: number): LayoutLine['spans'] {
  const out = spans.map((s) => ({ ...s }));
  let left = n;
  while (left > 0 && out.length) {
    const s = out[0];
    if (s.text.length <= left) {
      left -= s.text.length;
      out.shift();
    } else {
      s.text = s.text.slice(left);
      left = 0;
    }
  }
  if (out.length) out[0].text = out[0].text.trimStart();
  return out;
}
