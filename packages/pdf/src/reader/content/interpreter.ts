import { MAX_IMAGE_PIXELS } from '../../image-limits.js';
import { settleFieldKinds } from '../../shapes.js';
import type { PdfFile } from '../document.js';
import type { Font, FontCache, Glyph } from '../fonts.js';
import { EOF, isWhite, Lexer, readObject, skipObject } from '../lexer.js';
import { Dict, isName, isNum, Name, type PdfObject, Ref, Stream, Unsupported } from '../objects.js';
import { ARGS, GROUP, OP, OP_GROUP, PAINT } from './ops.js';
import { PathBuilder } from './path-builder.js';

type M = number[];
/** Stands for a dictionary operand whose contents are skipped (see run). */
const SKIPPED_DICT = new Dict();

/**
 * Every matrix is an array of doubles from the start. A literal of small integers
 * (`[1, 0, 0, 1, 0, 0]`) holds Smis and a copy of the operand array holds any value, so the
 * first fractional value written would change the array's elements kind: the functions that
 * read matrices (show, currentTransform, translateTextMatrix...) then met several kinds and
 * were deoptimised and compiled again on a cold run, each time at a large compile cost.
 */
function matrix(a: number, b: number, c: number, d: number, e: number, f: number): M {
  const m = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
  m[0] = a;
  m[1] = b;
  m[2] = c;
  m[3] = d;
  m[4] = e;
  m[5] = f;
  return m;
}
/**
 * Empties an array in place. `a.length = 0` is a call into V8's runtime from optimised code (the
 * length setter is an accessor), and it runs once per operator; a few pops are inlined.
 */
function clear(a: unknown[]): void {
  for (let i = a.length; i > 0; i--) a.pop();
}
const copyMatrix = (m: readonly number[]): M => matrix(m[0], m[1], m[2], m[3], m[4], m[5]);
const IDENTITY: M = matrix(1, 0, 0, 1, 0, 0);

/** An image XObject as drawn: the stream and the CTM that maps its unit square to user space. */
export interface DrawnPicture {
  stream: Stream;
  ctm: number[];
}
/** Pictures kept per page at most (a page tiled with thousands of image pieces keeps the first). */
const MAX_PICTURES = 500;

const transform = (m1: M, m2: M): M =>
  matrix(
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  );

/** A text item as pdf.js's getTextContent makes it (horizontal writing only). */
export interface TextItem {
  str: string;
  width: number;
  height: number;
  transform: M;
  font: Font;
  hasEOL: boolean;
  /** The fill colour the item starts in (see fillColour). */
  fill: number;
  /**
   * Where a gap was read as a space inside the item (see addFakeSpaces): per gap its offset in
   * `str`, and where it starts and ends along the item from its origin. A borderless table's
   * cells can sit closer than the width that ends an item; layout cuts them apart here.
   */
  joins: number[] | null;
}

/** Graphics and text state, cloned on q and on entering a form (as pdf.js's TextState/EvalState). */
class State {
  ctm: M = IDENTITY;
  font: Font | null = null;
  /** The resource name of the font: pdf.js skips a Tf repeating name and size, even in a form whose name means another font. */
  fontName: string | null = null;
  fontSize = 0;
  textMatrix: M = copyMatrix(IDENTITY);
  textLineMatrix: M = copyMatrix(IDENTITY);
  charSpacing = 0;
  wordSpacing = 0;
  leading = 0;
  textHScale = 1;
  textRise = 0;
  /** Text rendering mode (Tr): 3 and 7 draw nothing, as an OCR layer over a scan does. */
  renderMode = 0;
  /** The nonstroking (fill) colour, as fillColour packs it: text in a colour of its own is a heading's mark. */
  fill = 0;
  /**
   * Whether the fill colour space is one whose operands fillColour reads (device, calibrated or
   * ICC-based gray, RGB, CMYK): in a spot colour's, an indexed or a Lab space the operands are
   * no colour, and a path filled in it is given as -1 (see setFill).
   */
  fillRead = true;
  /** pdf.js stretches Type3 text of size <= 1 by the font's glyph height (getCurrentTextTransform). */
  get vscale(): number {
    const f = this.font;
    if (!f?.type3 || this.fontSize > 1) return 1;
    const m = f.fontMatrix;
    if (m[0] === 0.001 && m[1] === 0 && m[2] === 0 && m[3] === 0.001 && m[4] === 0 && m[5] === 0) return 1;
    const h = f.bbox[3] - f.bbox[1];
    return h > 0 ? h * m[3] : 1;
  }
  clone(): State {
    const s = Object.assign(new State(), this);
    s.textMatrix = copyMatrix(this.textMatrix);
    s.textLineMatrix = copyMatrix(this.textLineMatrix);
    return s;
  }
  translateTextMatrix(x: number, y: number): void {
    const m = this.textMatrix;
    m[4] = m[0] * x + m[2] * y + m[4];
    m[5] = m[1] * x + m[3] * y + m[5];
  }
  translateTextLineMatrix(x: number, y: number): void {
    const m = this.textLineMatrix;
    m[4] = m[0] * x + m[2] * y + m[4];
    m[5] = m[1] * x + m[3] * y + m[5];
  }
  carriageReturn(): void {
    this.translateTextLineMatrix(0, -this.leading);
    this.textMatrix = copyMatrix(this.textLineMatrix);
  }
}

export interface Budget {
  /** Operators left for the page, forms included: a bomb of nested forms runs out of them. */
  ops: number;
  /** Form XObjects left to enter. */
  forms: number;
  /** Decoded bytes left for the page's forms (each form's bytes are kept while the page is read). */
  bytes: number;
}

export interface ContentOutput {
  items: TextItem[];
  fnArray: number[];
  argsArray: unknown[];
}

const TRACKING_SPACE_FACTOR = 0.102;
const NOT_A_SPACE_FACTOR = 0.03;
const NEGATIVE_SPACE_FACTOR = -0.2;
const SPACE_IN_FLOW_MIN_FACTOR = 0.102;
const SPACE_IN_FLOW_MAX_FACTOR = 0.6;
const VERTICAL_SHIFT_RATIO = 0.25;
const MAX_FORM_DEPTH = 20;
/** Text items kept per page: a page of millions of tiny runs is cut here (layout keeps fewer still). */
export const MAX_ITEMS = 200_000;

const NORMALIZE =
  /([\u00a0\u00b5\u037e\u0eb3\u2000-\u200a\u202f\u2126\ufb00-\ufb04\ufb06\ufb20-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44\ufb46-\ufba1\ufba4-\ufba9\ufbae-\ufbb1\ufbd3-\ufbdc\ufbde-\ufbe7\ufbea-\ufbf8\ufbfc-\ufbfd\ufc00-\ufc5d\ufc64-\ufcf1\ufcf5-\ufd3d\ufd88\ufdf4\ufdfa-\ufdfb\ufe71\ufe77\ufe79\ufe7b\ufe7d]+)|(\ufb05+)/gu;
/** The painting operators that fill. */
const FILLS = new Set<number>([
  OP.fill,
  OP.eoFill,
  OP.fillStroke,
  OP.eoFillStroke,
  OP.closeFillStroke,
  OP.closeEOFillStroke,
]);
/** Colour space families whose operands fillColour reads as they are (see readableSpace). */
const READABLE_SPACES = new Set([
  'DeviceGray',
  'DeviceRGB',
  'DeviceCMYK',
  'CalGray',
  'CalRGB',
  'G',
  'RGB',
  'CMYK',
]);
/** Right-to-left scripts: pdf.js reorders them (bidi); this reader leaves such pages to it. */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * A fill colour's operands (g, rg, k, or sc/scn with one, three or four components) packed
 * as 0xRRGGBB, -1 for a pattern or a space not read: the text's colour only needs telling
 * apart from the body's, so the colour space's own transform is not applied.
 */
function fillColour(args: PdfObject[]): number {
  const n = args.length;
  for (let i = 0; i < n; i++) if (!isNum(args[i])) return -1;
  const c = (i: number) => Math.min(255, Math.max(0, Math.round((args[i] as number) * 255)));
  if (n === 1) return c(0) * 0x10101;
  if (n === 3) return (c(0) << 16) | (c(1) << 8) | c(2);
  if (n !== 4) return -1;
  const k = 1 - (args[3] as number);
  const v = (i: number) => Math.min(255, Math.max(0, Math.round((1 - (args[i] as number)) * k * 255)));
  return (v(0) << 16) | (v(1) << 8) | v(2);
}

/** Join triples with the piece index made a character offset in the joined string. */
function joinOffsets(pieces: readonly string[], joins: readonly number[]): number[] {
  const out = joins.slice();
  let piece = 0;
  let offset = 0;
  for (let j = 0; j < out.length; j += 3) {
    while (piece < out[j]) offset += pieces[piece++].length;
    out[j] = offset;
  }
  return out;
}

/** Strings shown together (a TJ's pieces between adjustments) as one. */
function joinBytes(buf: readonly Uint8Array[]): Uint8Array {
  if (buf.length === 1) return buf[0];
  let n = 0;
  for (let i = 0; i < buf.length; i++) n += buf[i].length;
  const out = new Uint8Array(n);
  let p = 0;
  for (let i = 0; i < buf.length; i++) {
    out.set(buf[i], p);
    p += buf[i].length;
  }
  return out;
}

/** Whether every character of `s` is below U+00A0. */
function allBelowA0(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0xa0) return false;
  return true;
}

function normalizeUnicode(s: string): string {
  return s.replace(NORMALIZE, (_, p1: string | undefined, p2: string | undefined) =>
    p1 ? p1.normalize('NFKC') : 'ſt'.repeat((p2 ?? '').length),
  );
}

// Number fields of the state, the builder's item and text items are doubles from the start
// (see shapes.ts); the samples list the fields in the order the objects below are made.
{
  const state = new State();
  state.fontSize = 0.5;
  state.charSpacing = 0.5;
  state.wordSpacing = 0.5;
  state.leading = 0.5;
  state.textHScale = 0.5;
  state.textRise = 0.5;
  state.renderMode = 0.5;
  const item = {
    initialized: false,
    str: [] as string[],
    width: 0.5,
    height: 0.5,
    totalWidth: 0.5,
    totalHeight: 0.5,
    transform: IDENTITY,
    prevTransform: null,
    textAdvanceScale: 0.5,
    trackingSpaceMin: 0.5,
    notASpace: 0.5,
    negativeSpaceMax: 0.5,
    spaceInFlowMin: 0.5,
    spaceInFlowMax: 0.5,
    hasEOL: false,
    font: null,
    fill: 0,
    joins: [] as number[],
  };
  const textItem = {
    str: '',
    width: 0.5,
    height: 0.5,
    transform: IDENTITY,
    font: null,
    hasEOL: false,
    fill: 0,
    joins: null,
  };
  settleFieldKinds(state, item, textItem);
}

/** The text-content builder of one content stream level (pdf.js keeps one per form too). */
class TextBuilder {
  private item = {
    initialized: false,
    str: [] as string[],
    width: 0,
    height: 0,
    totalWidth: 0,
    totalHeight: 0,
    transform: IDENTITY as M,
    prevTransform: null as M | null,
    textAdvanceScale: 1,
    trackingSpaceMin: Number.POSITIVE_INFINITY,
    notASpace: Number.POSITIVE_INFINITY,
    negativeSpaceMax: Number.NEGATIVE_INFINITY,
    spaceInFlowMin: 0,
    spaceInFlowMax: 0,
    hasEOL: false,
    font: null as Font | null,
    fill: 0,
    /** Gaps read as spaces: piece index in `str`, start and end along the item (flat triples). */
    joins: [] as number[],
  };
  private twoLastChars = [' ', ' '];
  private twoLastCharsPos = 0;

  constructor(
    private readonly out: TextItem[],
    private readonly viewBox: number[],
    public ts: State,
  ) {}

  private saveLastChar(char: string): boolean {
    const nextPos = (this.twoLastCharsPos + 1) % 2;
    const ret = this.twoLastChars[this.twoLastCharsPos] !== ' ' && this.twoLastChars[nextPos] === ' ';
    this.twoLastChars[this.twoLastCharsPos] = char;
    this.twoLastCharsPos = nextPos;
    return ret;
  }
  private shouldAddWhitespace(): boolean {
    return (
      this.twoLastChars[this.twoLastCharsPos] !== ' ' &&
      this.twoLastChars[(this.twoLastCharsPos + 1) % 2] === ' '
    );
  }
  private resetLastChars(): void {
    this.twoLastChars[0] = this.twoLastChars[1] = ' ';
    this.twoLastCharsPos = 0;
  }

  private pushWhitespace(width = 0, height = 0, tr?: M | null, font?: Font | null): void {
    const f = font ?? this.item.font ?? this.ts.font;
    if (!f || this.out.length >= MAX_ITEMS) return;
    this.out.push({
      str: ' ',
      width,
      height,
      transform: copyMatrix(tr ?? this.item.prevTransform ?? IDENTITY),
      font: f,
      hasEOL: false,
      fill: this.ts.fill,
      joins: null,
    });
  }

  /** ctm × textMatrix × [fontSize·hScale 0 0 fontSize 0 rise], as pdf.js's getCurrentTextTransform. */
  private currentTransform(into?: M): M {
    const { ctm: c, textMatrix: t, fontSize, textHScale, textRise } = this.ts;
    const a = fontSize * textHScale;
    const d = fontSize * this.ts.vscale;
    // textMatrix × tsm
    const m0 = t[0] * a;
    const m1 = t[1] * a;
    const m2 = t[2] * d;
    const m3 = t[3] * d;
    const m4 = t[2] * textRise + t[4];
    const m5 = t[3] * textRise + t[5];
    if (into) {
      into[0] = c[0] * m0 + c[2] * m1;
      into[1] = c[1] * m0 + c[3] * m1;
      into[2] = c[0] * m2 + c[2] * m3;
      into[3] = c[1] * m2 + c[3] * m3;
      into[4] = c[0] * m4 + c[2] * m5 + c[4];
      into[5] = c[1] * m4 + c[3] * m5 + c[5];
      return into;
    }
    return matrix(
      c[0] * m0 + c[2] * m1,
      c[1] * m0 + c[3] * m1,
      c[0] * m2 + c[2] * m3,
      c[1] * m2 + c[3] * m3,
      c[0] * m4 + c[2] * m5 + c[4],
      c[1] * m4 + c[3] * m5 + c[5],
    );
  }

  /**
   * currentTransform after the text matrix moved along the line (translateTextMatrix): a move
   * changes only the translation (`e`, `f`, computed by show with currentTransform's products),
   * so the linear part show left in `scratch` for the string is copied.
   */
  private movedTransform(into: M | null, e: number, f: number): M {
    const s = this.scratch;
    if (!into) return matrix(s[0], s[1], s[2], s[3], e, f);
    into[0] = s[0];
    into[1] = s[1];
    into[2] = s[2];
    into[3] = s[3];
    into[4] = e;
    into[5] = f;
    return into;
  }

  private ensureItem() {
    const it = this.item;
    if (it.initialized) return it;
    const ts = this.ts;
    it.font = ts.font;
    const trm = this.currentTransform();
    it.transform = trm;
    it.width = it.totalWidth = 0;
    it.height = it.totalHeight = Math.hypot(trm[2], trm[3]);
    const scaleLineX = Math.hypot(ts.textLineMatrix[0], ts.textLineMatrix[1]);
    const scaleCtmX = Math.hypot(ts.ctm[0], ts.ctm[1]);
    it.textAdvanceScale = scaleCtmX * scaleLineX;
    const { fontSize } = ts;
    it.trackingSpaceMin = fontSize * TRACKING_SPACE_FACTOR;
    it.notASpace = fontSize * NOT_A_SPACE_FACTOR;
    it.negativeSpaceMax = fontSize * NEGATIVE_SPACE_FACTOR;
    it.spaceInFlowMin = fontSize * SPACE_IN_FLOW_MIN_FACTOR;
    it.spaceInFlowMax = fontSize * SPACE_IN_FLOW_MAX_FACTOR;
    it.hasEOL = false;
    it.fill = ts.fill;
    it.initialized = true;
    return it;
  }

  updateAdvanceScale(): void {
    const it = this.item;
    if (!it.initialized) return;
    const ts = this.ts;
    const scale = Math.hypot(ts.ctm[0], ts.ctm[1]) * Math.hypot(ts.textLineMatrix[0], ts.textLineMatrix[1]);
    if (scale === it.textAdvanceScale) return;
    it.totalWidth += it.width * it.textAdvanceScale;
    it.width = 0;
    it.textAdvanceScale = scale;
  }

  flush(): void {
    const it = this.item;
    if (!it.initialized) return;
    it.totalWidth += it.width * it.textAdvanceScale;
    let str = it.str.join('');
    let normalized = false;
    // NORMALIZE and RTL start past U+009F: text with nothing there (most text) skips both.
    if (!allBelowA0(str)) {
      const n = normalizeUnicode(str);
      if (RTL.test(n)) throw new Unsupported('right-to-left text');
      normalized = n !== str;
      str = n;
    }
    // Joins are kept by piece; a string that normalisation changed has no offsets to keep.
    const joins = it.joins.length && !normalized ? joinOffsets(it.str, it.joins) : null;
    it.initialized = false;
    it.str.length = 0;
    it.joins.length = 0;
    if (this.out.length >= MAX_ITEMS) return;
    this.out.push({
      str,
      width: Math.abs(it.totalWidth),
      height: Math.abs(it.totalHeight),
      transform: it.transform,
      font: it.font as Font,
      hasEOL: it.hasEOL,
      fill: it.fill,
      joins,
    });
  }

  private appendEOL(): void {
    this.resetLastChars();
    if (this.item.initialized) {
      this.item.hasEOL = true;
      this.flush();
    }
    // pdf.js pushes an empty EOL item otherwise; empty items never become runs.
  }

  private addFakeSpaces(width: number, transf: M | null, orientation: number): boolean {
    const it = this.item;
    if (orientation * it.spaceInFlowMin <= width && width <= orientation * it.spaceInFlowMax) {
      if (it.initialized) {
        this.resetLastChars();
        if (orientation > 0) {
          const at = it.totalWidth + it.width * it.textAdvanceScale;
          it.joins.push(it.str.length, at, at + width * it.textAdvanceScale);
        }
        it.str.push(' ');
      }
      return false;
    }
    const font = it.font;
    this.flush();
    this.resetLastChars();
    this.pushWhitespace(Math.abs(width), 0, transf ?? this.currentTransform(), font);
    return true;
  }

  /** currentTransform's linear part for the string show reads (indices 0..3). */
  private readonly scratch: M = matrix(0, 0, 0, 0, 0, 0);
  /** How that linear part turns the text: 0, 90, 180, 270 or -1 (any other angle). */
  private rotate = 0;

  /** pdf.js's compareWithLastPosition for a glyph whose current transform moves to (x, y). */
  private compareWithLastPosition(glyphWidth: number, x: number, y: number): boolean {
    let posX = x;
    let posY = y;
    const vb = this.viewBox;
    if (posX + glyphWidth < vb[0] || posX > vb[2] || posY < vb[1] || posY > vb[3]) return false;
    const it = this.item;
    if (!this.ts.font || !it.prevTransform) return true;
    let lastPosX = it.prevTransform[4];
    let lastPosY = it.prevTransform[5];
    if (lastPosX === posX && lastPosY === posY) return true;
    switch (this.rotate) {
      case 0:
        break;
      case 90:
        [posX, posY] = [posY, posX];
        [lastPosX, lastPosY] = [lastPosY, lastPosX];
        break;
      case 180:
        [posX, posY, lastPosX, lastPosY] = [-posX, -posY, -lastPosX, -lastPosY];
        break;
      case 270:
        [posX, posY] = [-posY, -posX];
        [lastPosX, lastPosY] = [-lastPosY, -lastPosX];
        break;
      default: {
        const inv = (x: number, y: number, m: M): [number, number] => {
          const s = Math.hypot(m[0], m[1]);
          return [(m[0] * x + m[1] * y) / s, (m[2] * x + m[3] * y) / s];
        };
        [posX, posY] = inv(posX, posY, this.scratch);
        [lastPosX, lastPosY] = inv(lastPosX, lastPosY, it.prevTransform);
      }
    }
    const advanceX = (posX - lastPosX) / it.textAdvanceScale;
    const advanceY = posY - lastPosY;
    const orientation = Math.sign(it.width);
    if (advanceX < orientation * it.negativeSpaceMax) {
      if (Math.abs(advanceY) > 0.5 * it.height) {
        this.appendEOL();
        return true;
      }
      this.resetLastChars();
      this.flush();
      return true;
    }
    if (Math.abs(advanceY) > it.height) {
      this.appendEOL();
      return true;
    }
    if (advanceX <= orientation * it.notASpace) this.resetLastChars();
    if (advanceX <= orientation * it.trackingSpaceMin) {
      if (this.shouldAddWhitespace()) {
        this.resetLastChars();
        this.flush();
        this.pushWhitespace(Math.abs(advanceX));
      } else it.width += advanceX;
    } else if (!this.addFakeSpaces(advanceX, it.prevTransform, orientation)) {
      if (it.str.length === 0) {
        this.resetLastChars();
        this.pushWhitespace(Math.abs(advanceX));
      } else it.width += advanceX;
    }
    if (Math.abs(advanceY) > it.height * VERTICAL_SHIFT_RATIO) this.flush();
    return true;
  }

  /** pdf.js's buildTextContentItem for one string (or a bare adjustment when `chars` is empty). */
  show(chars: Uint8Array | null, extraSpacing: number): void {
    const ts = this.ts;
    const font = ts.font as Font;
    if (!chars || chars.length === 0) {
      const cs = ts.charSpacing + extraSpacing;
      if (cs) ts.translateTextMatrix(cs * ts.textHScale, 0);
      return;
    }
    const simple = font.simple;
    const scale = font.fontMatrix[0] * ts.fontSize;
    const n = chars.length;
    // A glyph moves only the text matrix's translation: the current transform's linear part
    // (and what the translation adds to t[4], t[5]) is the same for the whole string, so it is
    // computed once here and per glyph only e and f, with currentTransform's own products. On
    // a cold run these functions run unoptimised for many pages, where each property read is
    // a call: this was about forty reads a glyph.
    // Every read and comparison of the turn runs for every string: on a run's first rotated
    // string, reads and comparisons that had never run had no feedback, and the optimised show
    // was thrown away there.
    const cur = this.currentTransform(this.scratch);
    const a0 = cur[0];
    const a1 = cur[1];
    const zero0 = a0 === 0;
    const zero1 = a1 === 0;
    const zero2 = cur[2] === 0;
    const zero3 = cur[3] === 0;
    const pos0 = a0 > 0;
    const pos1 = a1 > 0;
    let rotate = -1;
    if (a0 && zero1 && zero2) rotate = pos0 ? 0 : 180;
    else if (a1 && zero0 && zero3) rotate = pos1 ? 90 : 270;
    this.rotate = rotate;
    const { ctm: c, textMatrix: t, textRise } = ts;
    const c0 = c[0];
    const c1 = c[1];
    const c2 = c[2];
    const c3 = c[3];
    const c4 = c[4];
    const c5 = c[5];
    const rise2 = t[2] * textRise;
    const rise3 = t[3] * textRise;
    // Codes are read one after another (no array of glyphs per string): the last glyph is
    // the one that reaches the end of the string.
    for (let p = 0; p < n; ) {
      let g: Glyph;
      if (simple) g = font.glyph(chars[p++]);
      else {
        g = font.glyphAt(chars, p);
        p += font.codeLength;
      }
      if (g.isInvisibleFormatMark) continue;
      let charSpacing = ts.charSpacing + (p >= n ? extraSpacing : 0);
      let scaledDim = g.width * scale;
      if (g.code === 0x20) charSpacing += ts.wordSpacing;
      if (g.isWhitespace) {
        charSpacing += scaledDim;
        ts.translateTextMatrix(charSpacing * ts.textHScale, 0);
        this.saveLastChar(' ');
        continue;
      }
      if (!g.isZeroWidthDiacritic) {
        const m4 = rise2 + t[4];
        const m5 = rise3 + t[5];
        if (!this.compareWithLastPosition(scaledDim, c0 * m4 + c2 * m5 + c4, c1 * m4 + c3 * m5 + c5)) {
          ts.translateTextMatrix(scaledDim * ts.textHScale, 0);
          continue;
        }
      }
      const chunk = this.ensureItem();
      if (g.isZeroWidthDiacritic) scaledDim = 0;
      scaledDim *= ts.textHScale;
      ts.translateTextMatrix(scaledDim, 0);
      chunk.width += scaledDim;
      // Updated in place: items that need it copy it (pushWhitespace).
      if (scaledDim) {
        const m4 = rise2 + t[4];
        const m5 = rise3 + t[5];
        chunk.prevTransform = this.movedTransform(
          chunk.prevTransform,
          c0 * m4 + c2 * m5 + c4,
          c1 * m4 + c3 * m5 + c5,
        );
      }
      if (this.saveLastChar(g.unicode)) chunk.str.push(' ');
      chunk.str.push(g.unicode);
      if (charSpacing) ts.translateTextMatrix(charSpacing * ts.textHScale, 0);
    }
  }
}

/** What one run of a content stream carries from operator to operator. */
class Frame {
  readonly stack: State[] = [];
  readonly path = new PathBuilder();
  constructor(
    readonly lx: Lexer,
    readonly resources: Dict | undefined,
    readonly depth: number,
    public ts: State,
    readonly tb: TextBuilder,
  ) {}
}

/**
 * Reads operands into `operands` up to the next operator and returns it (null at the end).
 * Past 64 operands the rest are dropped: no operator takes more, and a stream of numbers
 * without an operator must not grow memory.
 */
function readOperands(lx: Lexer, operands: PdfObject[]): string | null {
  for (;;) {
    const t = lx.next();
    if (t === EOF) return null;
    if (typeof t === 'number') {
      // The most common operand: no object to build.
      if (operands.length < 64) operands.push(t);
      continue;
    }
    if (t === '<<') {
      // A dictionary operand is only ever a marked-content property list (BDC, DP), which
      // is never read: its tokens are skipped and a placeholder holds its place.
      skipObject(lx, t);
      if (operands.length < 64) operands.push(SKIPPED_DICT);
      continue;
    }
    if (typeof t !== 'string' || t === '[') {
      const o = readObject(lx, t, undefined);
      if (o === EOF) return null;
      if (operands.length < 64) operands.push(o);
      continue;
    }
    if (t === ']' || t === '>>' || t === '{' || t === '}') continue;
    return t;
  }
}

/**
 * Runs a page's content streams: text items the way pdf.js's getTextContent builds them, and
 * a drawing list the way its getOperatorList does (for extract/graphics.ts). Forms are
 * entered with a depth limit, a cycle guard and the page's operator budget.
 */
export class ContentInterpreter {
  readonly items: TextItem[] = [];
  readonly fnArray: number[] = [];
  readonly argsArray: unknown[] = [];
  /** Bytes of shown strings, all and those in an invisible rendering mode (for auto's ink check). */
  shownBytes = 0;
  invisibleBytes = 0;
  /** Images drawn on the page that are too large for OCR to decode (`W × H` pixels), the first few. */
  readonly oversizedImages: string[] = [];
  private readonly formStack = new Set<string>();
  /** Decoded form streams of this page: a form drawn many times is inflated once. */
  private readonly formData = new Map<string, Uint8Array>();

  /** Image XObjects drawn, kept only when images are written as files (else undefined). */
  pictures: DrawnPicture[] | undefined;

  constructor(
    private readonly file: PdfFile,
    private readonly fonts: FontCache,
    private readonly viewBox: number[],
    private readonly budget: Budget,
  ) {}

  private countShown(bytes: number, renderMode: number): void {
    this.shownBytes += bytes;
    if (renderMode === 3 || renderMode === 7) this.invisibleBytes += bytes;
  }

  private emit(fn: number, args: unknown = null): void {
    // Consecutive operators that only matter as "something was drawn" are kept once.
    if (fn === OP.other && this.fnArray[this.fnArray.length - 1] === OP.other) return;
    this.fnArray.push(fn);
    this.argsArray.push(args);
  }

  /**
   * Runs one content stream (a page's, or a form's with the state it was drawn in). The loop
   * reads operands up to each operator; the operator's group (PDF 32000 §8.2, table 51) does
   * the rest, so each group reads like its section of the standard.
   */
  run(data: Uint8Array, resources: Dict | undefined, state = new State(), depth = 0): void {
    const f = new Frame(
      new Lexer(data),
      resources,
      depth,
      state,
      new TextBuilder(this.items, this.viewBox, state),
    );
    const operands: PdfObject[] = [];
    for (;;) {
      const op = readOperands(f.lx, operands);
      if (op === null) break;
      if (--this.budget.ops < 0) throw new BudgetExhausted();
      const want = ARGS[op];
      let args = operands;
      if (want !== undefined) {
        if (operands.length < want) {
          clear(operands);
          if (op === 'BI') this.skipInlineImage(f.lx);
          continue;
        }
        if (operands.length > want) args = operands.slice(operands.length - want);
      }
      f.tb.ts = f.ts;
      this.operator(op, args, want !== undefined, f);
      clear(operands);
    }
    f.tb.flush();
  }

  private operator(op: string, args: PdfObject[], known: boolean, f: Frame): void {
    switch (OP_GROUP[op]) {
      case GROUP.graphicsState:
        this.graphicsState(op, args, f);
        return;
      case GROUP.textState:
        this.textState(op, args, f);
        return;
      case GROUP.showText:
        this.showText(op, args, f);
        return;
      case GROUP.xObject:
        f.tb.flush();
        this.doXObject(args[0], this.file.dict(f.resources?.get('XObject')), f.ts, f.resources, f.depth);
        return;
      case GROUP.markedContent:
        // Marked content ends a text item, as in pdf.js.
        f.tb.flush();
        this.emit(OP.other);
        return;
      case GROUP.inlineImage:
        this.doInlineImage(f.lx);
        return;
      case GROUP.colour:
        f.ts.fill = op === 'cs' ? 0 : fillColour(args);
        if (op === 'cs') f.ts.fillRead = this.readableSpace(args[0], f.resources);
        else if (op !== 'sc' && op !== 'scn') f.ts.fillRead = true;
        this.emit(OP.other);
        return;
    }
    if (f.path.apply(op, args)) return;
    const paint = PAINT[op];
    if (paint !== undefined) {
      // A filled path's colour goes with it: colours change far more often than paths are
      // filled (text sets one run by run), so the colour operators themselves stay unkept.
      if (FILLS.has(paint)) this.emit(OP.setFill, [f.ts.fillRead ? f.ts.fill : -1]);
      this.emit(OP.constructPath, [paint, [f.path.take()]]);
    } else if (known || /^(SC|SCN|sc|scn)$/.test(op)) {
      // Colours, line styles, shadings: drawn, not kept.
      if (op !== 'BX' && op !== 'EX' && op !== 'MP' && op !== 'DP') this.emit(OP.other);
    }
  }

  /**
   * Whether a colour space (a `cs` operand: a family name, or a resource naming one) is one
   * fillColour reads: DeviceGray/RGB/CMYK, CalGray/CalRGB, or ICCBased (its operands are gray,
   * RGB or CMYK by their count). Pattern, Separation, DeviceN, Indexed and Lab are not.
   */
  private readableSpace(cs: PdfObject | undefined, resources: Dict | undefined): boolean {
    if (!isName(cs)) return false;
    if (READABLE_SPACES.has(cs.name)) return true;
    const named = this.file.resolve(this.file.dict(resources?.get('ColorSpace'))?.get(cs.name));
    if (isName(named)) return READABLE_SPACES.has(named.name);
    const family = Array.isArray(named) ? this.file.resolve(named[0]) : undefined;
    return isName(family) && (READABLE_SPACES.has(family.name) || family.name === 'ICCBased');
  }

  /** Special graphics state (§8.4.4): q, Q, cm, and gs for the font an ExtGState may set. */
  private graphicsState(op: string, args: PdfObject[], f: Frame): void {
    const { tb } = f;
    switch (op) {
      case 'q':
        f.stack.push(f.ts);
        f.ts = f.ts.clone();
        this.emit(OP.save);
        return;
      case 'Q': {
        const prev = f.ts;
        const restored = f.stack.pop();
        if (restored) {
          f.ts = restored;
          tb.ts = restored;
          if (prev.font !== restored.font || prev.fontSize !== restored.fontSize) tb.flush();
        }
        this.emit(OP.restore);
        return;
      }
      case 'cm': {
        const m = args as number[];
        if (m.every(isNum)) {
          f.ts.ctm = transform(f.ts.ctm, m);
          this.emit(OP.transform, m.slice());
        }
        return;
      }
      case 'gs': {
        const file = this.file;
        const gsDict = file.dict(
          file.dict(f.resources?.get('ExtGState'))?.get((args[0] as Name)?.name ?? ''),
        );
        const font = gsDict ? file.array(gsDict.get('Font')) : undefined;
        if (font && isNum(font[1])) {
          tb.flush();
          f.ts.font = this.fonts.get(font[0]);
          f.ts.fontName = null;
          f.ts.fontSize = font[1];
        }
        this.emit(OP.setGState);
      }
    }
  }

  /** Text objects, text state and text positioning (§9.3, §9.4.1, §9.4.2). */
  private textState(op: string, args: PdfObject[], f: Frame): void {
    const ts = f.ts;
    switch (op) {
      case 'BT':
        ts.textMatrix = copyMatrix(IDENTITY);
        ts.textLineMatrix = copyMatrix(IDENTITY);
        this.emit(OP.other);
        return;
      case 'ET':
        this.emit(OP.other);
        return;
      case 'Tf': {
        const nameObj = args[0];
        const size = args[1];
        if (!isName(nameObj) || !isNum(size)) return;
        if (ts.font && nameObj.name === ts.fontName && size === ts.fontSize) return;
        f.tb.flush();
        const fontRef = this.file.dict(f.resources?.get('Font'))?.get(nameObj.name);
        if (fontRef === undefined) throw new Unsupported(`missing font ${nameObj.name}`);
        ts.font = this.fonts.get(fontRef);
        ts.fontName = nameObj.name;
        ts.fontSize = size;
        if (ts.font.vertical) throw new Unsupported('vertical font');
        this.emit(OP.other);
        return;
      }
      case 'Ts':
        if (isNum(args[0])) ts.textRise = args[0];
        return;
      case 'Tr':
        if (isNum(args[0])) ts.renderMode = args[0];
        return;
      case 'Tz':
        if (isNum(args[0])) ts.textHScale = args[0] / 100;
        return;
      case 'TL':
        if (isNum(args[0])) ts.leading = args[0];
        return;
      case 'Tc':
        if (isNum(args[0])) ts.charSpacing = args[0];
        return;
      case 'Tw':
        if (isNum(args[0])) ts.wordSpacing = args[0];
        return;
      case 'Td':
      case 'TD':
        if (isNum(args[0]) && isNum(args[1])) {
          if (op === 'TD') ts.leading = -args[1];
          ts.translateTextLineMatrix(args[0], args[1]);
          ts.textMatrix = copyMatrix(ts.textLineMatrix);
        }
        return;
      case 'T*':
        ts.carriageReturn();
        return;
      case 'Tm':
        if ((args as unknown[]).every(isNum)) {
          ts.textMatrix = copyMatrix(args as number[]);
          ts.textLineMatrix = copyMatrix(args as number[]);
          f.tb.updateAdvanceScale();
        }
    }
  }

  /** Text-showing operators (§9.4.3): Tj, ', " and TJ with its kerning adjustments. */
  private showText(op: string, args: PdfObject[], f: Frame): void {
    const { ts, tb } = f;
    if (!ts.font) throw new Unsupported('text before Tf');
    if (op === 'TJ') {
      const arr = args[0];
      if (!Array.isArray(arr)) return;
      this.showArray(arr, ts, tb);
    } else {
      if (op === '"') {
        if (isNum(args[0])) ts.wordSpacing = args[0];
        if (isNum(args[1])) ts.charSpacing = args[1];
      }
      if (op !== 'Tj') ts.carriageReturn();
      const s = args[args.length - 1];
      if (s instanceof Uint8Array) {
        this.countShown(s.length, ts.renderMode);
        tb.show(s, 0);
      }
    }
    this.emit(OP.other);
  }

  /** A TJ array: strings between two adjustments are shown as one, each adjustment as a shift. */
  private showArray(arr: PdfObject[], ts: State, tb: TextBuilder): void {
    const spaceFactor = -ts.fontSize / 1000;
    const buf = this.pieces;
    clear(buf);
    for (let i = 0; i < arr.length; i++) {
      const el = arr[i];
      if (el instanceof Uint8Array) {
        buf.push(el);
        this.countShown(el.length, ts.renderMode);
      } else if (typeof el === 'number' && el !== 0) {
        const str = buf.length ? joinBytes(buf) : null;
        clear(buf);
        tb.show(str, el * spaceFactor);
      }
    }
    if (buf.length > 0) tb.show(joinBytes(buf), 0);
    clear(buf);
  }

  /** The strings of a TJ array between two adjustments (one array for the page, not one a TJ). */
  private readonly pieces: Uint8Array[] = [];

  private doXObject(
    nameObj: PdfObject,
    xobjects: Dict | undefined,
    ts: State,
    resources: Dict | undefined,
    depth: number,
  ): void {
    if (!isName(nameObj) || !xobjects) return;
    const raw = xobjects.get(nameObj.name);
    const xobj = this.file.resolve(raw);
    if (!(xobj instanceof Stream)) return;
    const subtype = this.file.resolve(xobj.dict.get('Subtype'));
    if (isName(subtype, 'Image')) {
      const w = this.file.num(xobj.dict.get('Width') ?? xobj.dict.get('W'));
      const h = this.file.num(xobj.dict.get('Height') ?? xobj.dict.get('H'));
      if (w && h) this.noteSize(w, h);
      // Images as files: every picture drawn, with where the CTM puts its unit square.
      if (this.pictures && w && h && w * h > 1 && this.pictures.length < MAX_PICTURES)
        this.pictures.push({ stream: xobj, ctm: ts.ctm.slice() });
      // pdf.js (maxImageSize 1) drops every image but single pixels.
      if (!w || !h || w * h > 1) return;
      const mask = this.file.resolve(xobj.dict.get('ImageMask') ?? xobj.dict.get('IM'));
      this.emit(mask === true ? OP.other : OP.paintImageXObject);
      return;
    }
    if (!isName(subtype, 'Form')) return;
    const key = raw instanceof Ref ? raw.key : '';
    // Past the form budget (a bomb of nested forms) further forms are skipped, the page goes on.
    if ((key && this.formStack.has(key)) || depth >= MAX_FORM_DEPTH || --this.budget.forms < 0) return;
    const matrix = this.file.array(xobj.dict.get('Matrix'));
    const m = matrix && matrix.length === 6 && matrix.every(isNum) ? (matrix as number[]) : null;
    this.emit(OP.paintFormXObjectBegin, [m]);
    const inner = ts.clone();
    if (m) inner.ctm = transform(inner.ctm, m);
    const res = this.file.dict(xobj.dict.get('Resources')) ?? resources;
    if (key) this.formStack.add(key);
    try {
      let data = key ? this.formData.get(key) : undefined;
      if (!data) {
        if (this.budget.bytes <= 0) {
          this.file.notes.push('forms past the decoded-bytes budget of the page were left out');
          return;
        }
        data = this.file.decodeText(xobj, this.budget.bytes, 'a form XObject');
        this.budget.bytes -= data.length;
        if (key) this.formData.set(key, data);
      }
      this.run(data, res, inner, depth + 1);
    } finally {
      if (key) this.formStack.delete(key);
      this.emit(OP.paintFormXObjectEnd);
    }
  }

  /** Inline images: the dictionary is read, the data skipped (pdf.js drops images in fast mode). */
  private doInlineImage(lx: Lexer): void {
    const dict = new Dict();
    for (;;) {
      const k = lx.next();
      if (k === EOF || k === 'ID') break;
      if (k instanceof Name) {
        const v = readObject(lx, lx.next(), undefined);
        if (v === EOF) break;
        dict.set(k.name, v);
      }
    }
    this.skipInlineData(lx);
    const w = dict.get('W') ?? dict.get('Width');
    const h = dict.get('H') ?? dict.get('Height');
    if (isNum(w) && isNum(h)) this.noteSize(w, h);
    if (isNum(w) && isNum(h) && w * h <= 1) this.emit(OP.paintInlineImageXObject);
  }

  /** Notes an image OCR's renderer will not decode (it is left out of the page it reads). */
  private noteSize(w: number, h: number): void {
    if (w * h <= MAX_IMAGE_PIXELS || this.oversizedImages.length >= 8) return;
    const size = `${Math.round(w)} × ${Math.round(h)}`;
    if (!this.oversizedImages.includes(size)) this.oversizedImages.push(size);
  }

  private skipInlineImage(lx: Lexer): void {
    for (;;) {
      const k = lx.next();
      if (k === EOF || k === 'ID') break;
    }
    this.skipInlineData(lx);
  }

  private skipInlineData(lx: Lexer): void {
    const { buf, end } = lx;
    let p = lx.pos + 1;
    while (p < end - 1) {
      if (
        buf[p] === 0x45 &&
        buf[p + 1] === 0x49 &&
        isWhite(buf[p - 1]) &&
        (p + 2 >= end || isWhite(buf[p + 2]))
      ) {
        lx.pos = p + 2;
        return;
      }
      p++;
    }
    lx.pos = end;
  }
}

export class BudgetExhausted extends Error {
  constructor() {
    super('operator budget exhausted');
  }
}
