/**
 * The document model every parser builds and every emitter reads. Parsers never write
 * Markdown; they describe structure here, with provenance where the format has it.
 */

/** Where a block came from: 1-based page, a box normalised to 0..1 (x0, y0, x1, y1, top-left origin). */
export interface Prov {
  page: number;
  bbox?: [number, number, number, number];
  /** Layout label finer than the block kind: 'page-header', 'page-footer', 'caption', 'footnote', 'title', … */
  label?: string;
  confidence?: { layout?: number; ocr?: number };
  /**
   * Repeated page furniture (a running header or footer, a page number), found across pages by
   * the parser; the `furniture` option drops, keeps or separates it.
   */
  furniture?: boolean;
  /** The block's lines with their boxes (and words, where OCR read them), for precise citations. */
  lines?: ProvLine[];
  /** Where the block sits in a format without pages: its slide, sheet and cells, or chapter. */
  origin?: ProvOrigin;
}

/** One line of a block: its text and normalised box, and on OCR'd pages its words. */
export interface ProvLine {
  text: string;
  bbox: [number, number, number, number];
  words?: { text: string; bbox: [number, number, number, number] }[];
}

/** The equivalent of a page for formats without pages. */
export interface ProvOrigin {
  /** 1-based slide number (pptx, ppt, odp). */
  slide?: number;
  /** Sheet name, and the cell range the block covers (`A1:D20`), for spreadsheets. */
  sheet?: string;
  range?: string;
  /** The chapter's file in the EPUB package (`text/chapter03.xhtml`). */
  chapter?: string;
}

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'emphasis'; children: Inline[] }
  | { kind: 'strike'; children: Inline[] }
  | { kind: 'superscript'; children: Inline[] }
  | { kind: 'subscript'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; title?: string; children: Inline[] }
  | { kind: 'image'; src?: string; alt?: string; title?: string }
  | { kind: 'lineBreak' }
  | { kind: 'footnoteRef'; id: string }
  | { kind: 'math'; tex: string };

export interface TableCell {
  content: Inline[];
  rowSpan?: number;
  colSpan?: number;
  header?: boolean;
}

export interface ListItem {
  blocks: Block[];
  checked?: boolean;
}

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type Block =
  | { kind: 'heading'; level: HeadingLevel; content: Inline[]; prov?: Prov }
  | { kind: 'paragraph'; content: Inline[]; prov?: Prov }
  | { kind: 'list'; ordered: boolean; start?: number; items: ListItem[]; prov?: Prov }
  /** Rows hold only the cells that start in them (HTML style): a spanning cell is not repeated. */
  | {
      kind: 'table';
      rows: TableCell[][];
      caption?: Inline[];
      prov?: Prov;
      /** Cell edges normalised to the page (columns' x, rows' y), where layout found a ruled grid. */
      grid?: { cols: number[]; rows: number[] };
      /**
       * A table continued across page breaks and joined into one: where it goes on, a page and
       * box for each later part (`prov` is where it starts).
       */
      continued?: Prov[];
    }
  | { kind: 'image'; src?: string; alt?: string; title?: string; caption?: Inline[]; prov?: Prov }
  | { kind: 'code'; lang?: string; text: string; prov?: Prov }
  | { kind: 'quote'; children: Block[]; prov?: Prov }
  | { kind: 'formula'; tex: string; display: boolean; prov?: Prov }
  | { kind: 'footnote'; id: string; children: Block[]; prov?: Prov }
  /** An HTML comment in the Markdown, for markers such as `Slide number: 3`. */
  | { kind: 'comment'; text: string; prov?: Prov }
  | { kind: 'rule'; prov?: Prov }
  /** Starts page `page` (1-based); emitted as a page marker when asked, otherwise as a blank line. */
  | { kind: 'pageBreak'; page: number };

export type BlockKind = Block['kind'];

export interface PageInfo {
  pageNumber: number;
  /** Page size in points (1/72 inch) where the format has pages. */
  width: number;
  height: number;
  /** 'ok', 'ocr', 'empty', 'error'. */
  status?: string;
  ocr?: boolean;
  /** Why the page was read by OCR: 'no-text', 'unusable-text', 'image-page', 'text-not-on-ink' (auto) or 'ocr-mode'. */
  ocrReason?: string;
  /** The printed page label (PDF /PageLabels: 'iii', 'A-1'), where the document declares labels. */
  label?: string;
}

/** Metadata as the spec lists it; parsers may add further string-valued keys. */
export interface DocMetadata {
  title?: string;
  description?: string;
  keywords?: string;
  language?: string;
  author?: string;
  numPages?: number;
  totalPages?: number;
  [key: string]: string | number | boolean | string[] | undefined;
}

export interface Doc {
  blocks: Block[];
  metadata: DocMetadata;
  pages?: PageInfo[];
  /** Parsers that see more links or images than the content model keeps (a whole web page) set these. */
  links?: string[];
  images?: string[];
  /** For HTML input: the cleaned HTML and the raw source, when the parser has them. */
  html?: string;
  rawHtml?: string;
  warnings?: string[];
}
