import { type DefaultTreeAdapterMap, Parser, type ParserOptions, Token, Tokenizer } from 'parse5';

/**
 * parse5's tokenizer, reading runs of plain characters at once. parse5 reads text, tag and
 * attribute names and quoted attribute values one code point at a time, through its state
 * switch, and appends each to its token with `+=`: a string object per character, for every
 * character of text on the page (about a third of what a warm pass allocated on the WCXB
 * pages). Here a run of characters that the state would treat alike (text: up to `<`, `&`, NUL
 * or a change between whitespace and not; a quoted value: up to its quote, `&` or NUL; a name:
 * up to anything but a character it takes as it is) is appended as one slice of the input, and
 * the preprocessor's position is moved past it as reading it character by character would
 * have moved it. The tokens, and so the tree, are the same; everything else (tags' other
 * states, character references, CR, NUL, surrogates, the end of a written chunk) goes through
 * parse5's own code. It subclasses parse5's tokenizer (exported, marked internal), so a parse5
 * update that renames these states must be checked: run-tokenizer.test.ts compares the trees.
 */

const LF = 10;
const CR = 13;
const NUL = 0;
const AMP = 38;
const LT = 60;
const QUOT = 34;
const APOS = 39;

/** The tokenizer's whitespace (CR never reaches a run: the preprocessor rewrites it). */
const isSpace = (c: number) => c === 32 || c === LF || c === 9 || c === 12;
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/** A character a tag or attribute name takes as it is (see RunTokenizer.nameEnd). */
const plainName = (c: number) =>
  c > 32 &&
  !(c >= 65 && c <= 90) &&
  c !== 47 &&
  c !== 62 &&
  c !== 61 &&
  c !== QUOT &&
  c !== APOS &&
  c !== LT &&
  !isSurrogate(c);

/** A character that ends a run of text (besides a change between whitespace and not). */
const endsText = (c: number) => c === LT || c === AMP || c === NUL || c === CR || isSurrogate(c);

/** The preprocessor's fields a run moves. */
interface PreprocessorState {
  html: string;
  pos: number;
  line: number;
  lineStartPos: number;
  isEol: boolean;
}

export class RunTokenizer extends Tokenizer {
  /**
   * The end of the run that starts at the character just read, or -1 when that character is
   * not to start one (a CR read as LF, a surrogate pair: parse5 reads those).
   */
  private runEnd(cp: number, quote: number): number {
    const { html, pos } = this.preprocessor;
    if (html.charCodeAt(pos) !== cp) return -1;
    const n = html.length;
    let end = pos + 1;
    if (quote) {
      for (; end < n; end++) {
        const c = html.charCodeAt(end);
        if (c === quote || c === AMP || c === NUL || c === CR || isSurrogate(c)) break;
      }
    } else if (isSpace(cp)) {
      while (end < n && isSpace(html.charCodeAt(end))) end++;
    } else {
      for (; end < n; end++) {
        const c = html.charCodeAt(end);
        if (endsText(c) || isSpace(c)) break;
      }
    }
    return end;
  }

  /**
   * Moves the preprocessor to the run's last character, as reading each in turn would. Line
   * and line start (parse5's private fields) only feed source locations, which distill does not
   * ask for: they are kept exact when a caller does.
   */
  private consumeTo(end: number, lines: boolean): void {
    const p = this.preprocessor as unknown as PreprocessorState;
    const { html, pos } = p;
    const last = end - 1;
    if (last === pos) return;
    // Lines only count for source locations; only whitespace runs and quoted values hold LFs.
    if (lines && this.options.sourceCodeLocationInfo) {
      for (let k = pos; k < last; k++)
        if (html.charCodeAt(k) === LF) {
          p.line++;
          p.lineStartPos = k + 1;
        }
      p.isEol = html.charCodeAt(last) === LF;
    }
    p.pos = last;
    this.consumedAfterSnapshot += last - pos;
  }

  protected override _stateData(cp: number): void {
    if (cp === LT || cp === AMP || cp === NUL || cp < 0 || isSurrogate(cp)) {
      super._stateData(cp);
      return;
    }
    const end = this.runEnd(cp, 0);
    if (end < 0) {
      super._stateData(cp);
      return;
    }
    const { html, pos } = this.preprocessor;
    // Appending may end the previous token and drop the parsed part of the buffer, moving
    // `pos` to 0, exactly where reading one character would have dropped it: the run's end is
    // counted from `pos` after.
    this._appendCharToCurrentCharacterToken(
      isSpace(cp) ? Token.TokenType.WHITESPACE_CHARACTER : Token.TokenType.CHARACTER,
      html.slice(pos, end),
    );
    this.consumeTo(this.preprocessor.pos + end - pos, isSpace(cp));
  }

  protected override _stateTagName(cp: number): void {
    const end = this.nameEnd(cp);
    if (end < 0) {
      super._stateTagName(cp);
      return;
    }
    (this.currentToken as Token.TagToken).tagName += this.preprocessor.html.slice(this.preprocessor.pos, end);
    this.consumeTo(end, false);
  }

  protected override _stateAttributeName(cp: number): void {
    const end = this.nameEnd(cp);
    if (end < 0) {
      super._stateAttributeName(cp);
      return;
    }
    this.currentAttr.name += this.preprocessor.html.slice(this.preprocessor.pos, end);
    this.consumeTo(end, false);
  }

  /**
   * The end of the run of a tag's or attribute's name from the character just read, or -1 when
   * parse5 is to read that character: a run holds only characters both name states append as
   * they are (no ASCII capital, which they lower-case, no NUL, and nothing that ends a name or
   * is an error in one).
   */
  private nameEnd(cp: number): number {
    if (!plainName(cp)) return -1;
    const { html, pos } = this.preprocessor;
    if (html.charCodeAt(pos) !== cp) return -1;
    let end = pos + 1;
    while (end < html.length && plainName(html.charCodeAt(end))) end++;
    return end;
  }

  protected override _stateAttributeValueDoubleQuoted(cp: number): void {
    this.quotedValue(cp, QUOT) || super._stateAttributeValueDoubleQuoted(cp);
  }

  protected override _stateAttributeValueSingleQuoted(cp: number): void {
    this.quotedValue(cp, APOS) || super._stateAttributeValueSingleQuoted(cp);
  }

  /** Appends the run of a quoted value's characters from `cp`; false when parse5 is to read it. */
  private quotedValue(cp: number, quote: number): boolean {
    if (cp === quote || cp === AMP || cp === NUL || cp < 0 || isSurrogate(cp)) return false;
    const end = this.runEnd(cp, quote);
    if (end < 0) return false;
    this.currentAttr.value += this.preprocessor.html.slice(this.preprocessor.pos, end);
    this.consumeTo(end, true);
    return true;
  }
}

/**
 * Whether this parse5 has the internals RunTokenizer overrides. The caret range admits 7.x from
 * 7.3.0, parse5's last 7 minor, but a later 7.x or a consumer's override could rename them:
 * without them parse5's own tokenizer reads (slower, same tree).
 */
const INTERNALS = [
  '_stateData',
  '_stateTagName',
  '_stateAttributeName',
  '_stateAttributeValueDoubleQuoted',
  '_stateAttributeValueSingleQuoted',
  '_appendCharToCurrentCharacterToken',
] as const;
export const runsSupported = INTERNALS.every(
  (m) => typeof (Tokenizer.prototype as unknown as Record<string, unknown>)[m] === 'function',
);

/** parse5's parser reading through RunTokenizer. */
export class RunParser extends Parser<DefaultTreeAdapterMap> {
  constructor(options: ParserOptions<DefaultTreeAdapterMap>) {
    super(options);
    if (runsSupported && (this.tokenizer as unknown as { preprocessor?: { html?: unknown } }).preprocessor)
      this.tokenizer = new RunTokenizer(this.options, this);
  }
}
