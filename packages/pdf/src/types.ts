/**
 * Plain-data shapes that cross the worker boundary: what a page yields (runs of text with
 * boxes, drawn lines, links, images) and what layout analysis makes of it. Coordinates are
 * points in the page's displayed frame: origin top-left, y growing downwards.
 */

/** A run of text with its box: a pdf.js text item, or a word from OCR. */
export interface TextRun {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Baseline y, for grouping runs into lines. */
  base: number;
  size: number;
  bold: boolean;
  italic: boolean;
  /** Text not running left to right (rotated or vertical); kept, but outside column analysis. */
  rotated?: boolean;
  /** Fill colour as 0xRRGGBB; -1 where the reader cannot tell (pdf.js, OCR, a pattern). */
  fill: number;
}

/** An axis-aligned drawn segment or thin rectangle, normalised to a horizontal or vertical line. */
export interface Rule {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A filled rectangle and its fill colour as 0xRRGGBB: -1 where the reader cannot tell (a
 * pattern or shading, a spot colour, an indexed or Lab space), absent where nothing read one
 * (OCR's ruled boxes, hand-made inputs).
 */
export interface FilledBox extends Box {
  fill?: number;
}

export interface LinkArea extends Box {
  url: string;
}

/** Everything layout analysis needs from one page, whatever produced it. */
export interface PageInput {
  pageNumber: number;
  width: number;
  height: number;
  runs: TextRun[];
  rules: Rule[];
  /** Filled rectangles larger than a rule: cell shading or frames, used to find table grids. */
  rects: FilledBox[];
  /** Slanted and curved strokes (plotted lines, pies, maps): a chart's marks; absent from OCR. */
  strokes?: Box[];
  images: Box[];
  /**
   * Pictures (image XObjects) where they are drawn, read only when images are written as
   * files; `source` is the reader's handle on the image, opaque to layout, which keeps the
   * index of those it places.
   */
  pictures?: (Box & { source: object })[];
  links: LinkArea[];
  /**
   * Share of the shown text drawn in an invisible rendering mode (Tr 3/7), as an OCR layer
   * over a scan is; undefined when the reader cannot tell (pdf.js's text content).
   */
  invisibleTextShare?: number;
  /** What a reader cut on this page to stay bounded (operators, text items, runs), said in a warning. */
  cut?: string[];
  /**
   * Images on the page past the pixels OCR's renderer decodes (`W × H`): a page read by OCR is
   * read without them, and the warning says so. Only the fast reader sees them.
   */
  oversizedImages?: string[];
  /**
   * The runs are OCR'd words (one run a word, boxes fitted to the ink): their gaps are not a
   * typesetter's, so spacing tests made for drawn text (even word spaces) cannot hold on them.
   */
  recognized?: boolean;
}

/** A span of text inside a block with its style, so headings and emphasis survive. */
export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  href?: string;
}

export interface LayoutLine {
  spans: Span[];
  box: Box;
  size: number;
}

export type LayoutBlock =
  | {
      kind: 'text';
      /** Lines of the paragraph, already de-hyphenated at joins. */
      lines: LayoutLine[];
      box: Box;
      /** Dominant font size, and whether all of it is bold: the raw material for headings. */
      size: number;
      bold: boolean;
      /** Whether all of it is italic (set on every block; optional for hand-made ones in tests). */
      italic?: boolean;
      /** The fill colour of all its text (TextRun.fill), -1 where it differs or is not known. */
      fill?: number;
      label?: 'page-header' | 'page-footer' | 'caption' | 'footnote' | 'list-item';
      /** List marker found at the start ('•', '1.', 'a)'), already removed from the text. */
      marker?: string;
      /** Contents entries (titles with their page numbers): never headings. */
      toc?: boolean;
      /** Set alone on a filled rectangle, a title's band (see markBands). */
      band?: boolean;
      /** The filled box it is set alone in, band or not (see markBands and Tint). */
      tint?: Tint;
    }
  | {
      kind: 'table';
      box: Box;
      /** Cells in HTML style: rows hold the cells that start in them. */
      rows: { text: string; rowSpan?: number; colSpan?: number }[][];
      ruled: boolean;
      /** Dominant font size of the table's text: tables count towards the body size. */
      size?: number;
      /** Cell edges of a ruled grid, in points, when the cells are as the lines draw them. */
      grid?: { xs: number[]; ys: number[] };
      /**
       * The columns' extents across the page (points), where the table's text parts into as many
       * bands as it has columns: lines set apart from the table on the same page are placed in
       * its columns by them (a row a page break cut).
       */
      cols?: { x0: number; x1: number }[];
      /** The parts on later pages of a table continued across page breaks, joined into this one. */
      continued?: { pageNumber: number; box: Box; width: number; height: number }[];
    }
  | {
      kind: 'image';
      box: Box;
      /** Index into the page's `pictures` (images as files), until the file is written. */
      picture?: number;
      /** The written file's link, and alt text from the picture's caption. */
      src?: string;
      alt?: string;
    };

/**
 * A filled box a text block is set alone in: its fill (FilledBox.fill) and how far the text
 * is padded in from its left and top edges, in points. A house style sets its call-out boxes
 * and its title bands each with one fill and one padding.
 */
export interface Tint {
  fill: number;
  inset: number;
  pad: number;
}

export interface PageLayout {
  pageNumber: number;
  width: number;
  height: number;
  blocks: LayoutBlock[];
  /** Characters of embedded text on the page: zero means a scanned page (an OCR candidate). */
  chars: number;
  /**
   * One-column ruled boxes ending or opening the page's body that no table took: a list in
   * a box broken by the page end, joined with its other part by the assembler.
   */
  boxes?: Box[];
  /** Share of the page covered by images (0..1), for the OCR decision of `auto` mode. */
  imageCover?: number;
  /** PageInput's invisibleTextShare, for the ink check of `auto` mode. */
  invisibleTextShare?: number;
  error?: string;
  /** Which reader produced the page: the fast reader, or pdf.js when the fast one could not. */
  reader?: 'fast' | 'pdfjs';
  /** PageInput's cut: content left out to stay bounded. */
  cut?: string[];
  /** PageInput's oversizedImages. */
  oversizedImages?: string[];
  /** Pictures not written as files, and why (said in the result's warning). */
  imageNotes?: string[];
}
