import type { Block, DocMetadata, Inline, TableCell } from '@distill/core';
import { type ByteDecoder, codepageDecoder } from './codepage.js';

/**
 * The reader's state: what a group carries (destination, character formatting, the field or
 * footnote it opened), where paragraphs collect (sinks), the paragraph properties that \pard
 * resets, and the document-wide tables (fonts, styles, metadata). Every part of the reader
 * (destinations.ts, characters.ts, paragraphs.ts, the token loop in reader.ts) works on one
 * RtfState.
 */

/**
 * Where a group's text goes. 'shape': inside a drawing shape's instructions, where only its
 * text box (\shptxt) is read.
 */
export type Dest =
  | 'body'
  | 'skip'
  | 'fonttbl'
  | 'stylesheet'
  | 'style'
  | 'info'
  | 'meta'
  | 'fldinst'
  | 'listtext'
  | 'shape';

export interface Field {
  inst: string;
}

/** A stretch of body text with one formatting. */
export interface Run {
  text: string;
  b: boolean;
  i: boolean;
  s: boolean;
  sup: boolean;
  sub: boolean;
  href?: string;
  br?: boolean;
  note?: string;
}

export interface ListEntry {
  level: number;
  ordered: boolean;
  content: Inline[];
}

/** Where paragraphs collect: the body, a footnote, or a text box. */
export interface Sink {
  blocks: Block[];
  runs: Run[];
  cellRuns: Run[];
  row: TableCell[];
  rows: TableCell[][];
  headerRows: number;
  list: ListEntry[];
  /** A footnote's number, or 'shape' for a text box whose blocks join the enclosing flow. */
  id?: string;
}

export const newSink = (): Sink => ({
  blocks: [],
  runs: [],
  cellRuns: [],
  row: [],
  rows: [],
  headerRows: 0,
  list: [],
});

/** What one `{…}` group carries; a new group starts as a copy of its parent's. */
export interface GroupState {
  dest: Dest;
  b: boolean;
  i: boolean;
  s: boolean;
  sup: boolean;
  sub: boolean;
  uc: number;
  font: number;
  href?: string;
  field?: Field;
  ownsField?: boolean;
  ownsSink?: Sink;
  ownsStyle?: boolean;
  metaKey?: string;
  /** A group opened by `\*`: its destination is skipped unless it is one we read. */
  star?: boolean;
  /** No word has been read in the group yet: the first one may name its destination. */
  fresh: boolean;
}

/** Paragraph properties: reset by \pard rather than by groups. */
export interface ParaProps {
  style: number;
  intbl: boolean;
  ilvl: number;
  ls: number;
  outline: number;
  /** The text of \listtext / \pntext, whose form says whether the list is ordered. */
  marker: string;
  hadMarker: boolean;
  trhdr: boolean;
}

export class RtfState {
  /** font → code page */
  readonly fonts = new Map<number, number>();
  /** style number → name */
  readonly styles = new Map<number, string>();
  readonly metadata: DocMetadata = {};
  readonly notes: Block[] = [];
  noteCount = 0;
  ansiCp = 1252;
  defaultFont = -1;
  /** The font being defined in \fonttbl. */
  fontDef = -1;
  /** The style being defined in \stylesheet, and its name so far. */
  styleNum: number | undefined;
  styleName = '';
  private readonly decoders = new Map<number, ByteDecoder>();

  readonly para: ParaProps = {
    style: 0,
    intbl: false,
    ilvl: 0,
    ls: 0,
    outline: -1,
    marker: '',
    hadMarker: false,
    trhdr: false,
  };
  /** The body's paragraph properties, kept while a footnote or text box is read. */
  readonly savedParas: ParaProps[] = [];

  readonly main = newSink();
  readonly sinks: Sink[] = [this.main];

  /** The group stack: explicit, so a file nested 100,000 groups deep is only a long array. */
  readonly stack: GroupState[] = [
    { dest: 'body', b: false, i: false, s: false, sup: false, sub: false, uc: 1, font: -1, fresh: false },
  ];
  st: GroupState = this.stack[0];
  /** Bytes not yet decoded (their code page is the current font's). */
  pending: number[] = [];
  /** Fallback characters still to skip after a \uN (\ucN). */
  ucSkip = 0;

  /** The sink paragraphs go to now. */
  sink(): Sink {
    return this.sinks[this.sinks.length - 1];
  }

  resetPara(): void {
    const para = this.para;
    para.style = 0;
    para.intbl = false;
    para.ilvl = 0;
    para.ls = 0;
    para.outline = -1;
  }

  /** A run of text in the group's current character formatting. */
  runOf(text: string): Run {
    const st = this.st;
    return { text, b: st.b, i: st.i, s: st.s, sup: st.sup, sub: st.sub, href: st.href };
  }

  /** Decoded text, sent where the group's destination says. */
  emit(t: string): void {
    if (!t) return;
    const st = this.st;
    switch (st.dest) {
      case 'body':
        this.sink().runs.push(this.runOf(t));
        break;
      case 'fldinst':
        if (st.field) st.field.inst += t;
        break;
      case 'listtext':
        this.para.marker += t;
        break;
      case 'style':
        this.styleName += t;
        break;
      case 'meta':
        if (st.metaKey)
          this.metadata[st.metaKey] = `${(this.metadata[st.metaKey] as string | undefined) ?? ''}${t}`;
        break;
      default:
        break;
    }
  }

  /** Decodes the pending bytes with the current font's code page (else \ansicpg's). */
  flushBytes(): void {
    if (this.pending.length === 0) return;
    const font = this.st.font >= 0 ? this.st.font : this.defaultFont;
    const cp = this.fonts.get(font) ?? this.ansiCp;
    const bytesOut = Uint8Array.from(this.pending);
    this.pending = [];
    this.emit(this.decoderFor(cp)(bytesOut));
  }

  private decoderFor(cp: number): ByteDecoder {
    let d = this.decoders.get(cp);
    if (!d) {
      d = codepageDecoder(cp);
      this.decoders.set(cp, d);
    }
    return d;
  }
}
