import { asciiTwin } from '@distill/core';
import { settleFieldKinds } from '../shapes.js';
import { CMap, parseCMap } from './cmap.js';
import { ENCODINGS } from './data/encodings.js';
import { DINGBATS_GLYPH_LIST, GLYPH_LIST } from './data/glyphlist.js';
import {
  NON_STD_FONT_MAP,
  SERIF_FONTS,
  STD_BASIC_METRICS,
  STD_FONT_MAP,
  STD_METRICS,
  SYMBOL_FONTS,
} from './data/std-fonts.js';
import type { PdfFile } from './document.js';
import {
  Dict,
  ImageCodec,
  isName,
  Name,
  type PdfObject,
  Ref,
  Stream,
  TooLarge,
  Unsupported,
} from './objects.js';

/** One shown glyph: its text, advance (glyph space, 1/1000 em) and what pdf.js's text layer makes of it. */
export interface Glyph {
  code: number;
  unicode: string;
  width: number;
  isWhitespace: boolean;
  isZeroWidthDiacritic: boolean;
  isInvisibleFormatMark: boolean;
}

// A glyph's advance is whole in most fonts' Widths and fractional in some: its field is a
// double from the start, so the first fractional width does not give glyphs a new hidden
// class and throw away the interpreter's optimised show (shapes.ts).
settleFieldKinds({
  code: 0,
  unicode: '',
  width: 0.5,
  isWhitespace: false,
  isZeroWidthDiacritic: false,
  isInvisibleFormatMark: false,
} satisfies Glyph);

function unpack(packed: string, into: Map<string, number>): Map<string, number> {
  for (const pair of packed.split(' ')) {
    const i = pair.lastIndexOf(':');
    into.set(pair.slice(0, i), Number.parseInt(pair.slice(i + 1), 16));
  }
  return into;
}

let glyphMap: Map<string, number> | undefined;
function glyphs(): Map<string, number> {
  if (!glyphMap) glyphMap = unpack(GLYPH_LIST, new Map());
  return glyphMap;
}

const stdWidthMaps = new Map<string, Map<string, number>>();
/** A standard font's widths by glyph name (STD_METRICS unpacked), or its one width. */
function stdWidths(font: string): number | Map<string, number> {
  const packed = STD_METRICS[font];
  if (typeof packed === 'number') return packed;
  let m = stdWidthMaps.get(font);
  if (!m) {
    m = new Map();
    for (const pair of packed.split(' ')) {
      const i = pair.lastIndexOf(':');
      m.set(pair.slice(0, i), Number(pair.slice(i + 1)));
    }
    stdWidthMaps.set(font, m);
  }
  return m;
}

let dingbatsMap: Map<string, number> | undefined;
/**
 * The glyph list of a font named Dingbats: ZapfDingbats' names (a71 for ●, a20 for ✔) over
 * the Adobe list, as pdf.js reads them. Only for such fonts: other fonts' "a1".."a9" are
 * arbitrary subset names.
 */
function dingbatsGlyphs(): Map<string, number> {
  if (!dingbatsMap) dingbatsMap = unpack(DINGBATS_GLYPH_LIST, new Map(glyphs()));
  return dingbatsMap;
}

/** pdf.js's getUnicodeForGlyph: the glyph list, then uniXXXX / uXXXX[XX] names. */
function unicodeForGlyph(name: string, gl = glyphs()): number {
  const u = gl.get(name);
  if (u !== undefined) return u;
  if (name[0] === 'u') {
    let hex: string;
    if (name.length === 7 && name[1] === 'n' && name[2] === 'i') hex = name.slice(3);
    else if (name.length >= 5 && name.length <= 7) hex = name.slice(1);
    else return -1;
    if (hex === hex.toUpperCase()) {
      const v = Number.parseInt(hex, 16);
      if (v >= 0) return v;
    }
  }
  return -1;
}

const SPECIAL = asciiTwin(String.raw`^(\s)|(\p{Mn})|(\p{Cf})$`, 'u');
/** Control characters other than tab and line breaks, and U+FFFD: no reading of a glyph. */
const UNREADABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * Text of a glyph name beyond the glyph list: a variant suffix dropped ("one.SP", "a.smcp"),
 * ligature parts joined ("f_f_i"), "uniXXXX" and "uXXXX[XX]" read.
 */
export function unicodeOfName(name: string | undefined, gl = glyphs()): string | undefined {
  if (!name || name === '.notdef') return undefined;
  const one = (part: string): string | undefined => {
    const known = gl.get(part);
    if (known !== undefined) return String.fromCharCode(known);
    const u = unicodeForGlyph(part, gl);
    return u > 0 ? String.fromCodePoint(u) : undefined;
  };
  const whole = one(name);
  if (whole) return whole;
  const base = name.split('.')[0];
  if (!base) return undefined;
  const parts = base.split('_').filter(Boolean).map(one);
  return parts.length && parts.every(Boolean) ? parts.join('') : undefined;
}
const FLAG_SYMBOLIC = 4;
const FLAG_NONSYMBOLIC = 32;

const normalizeFontName = (name: string) => name.replace(/[,_]/g, '-').replace(/\s/g, '');

/** What the font dictionary said that a simple font's encoding depends on. */
interface SimpleFontFacts {
  type: string;
  descriptor: Dict | undefined;
  baseFont: string;
  embedded: boolean;
  flags: number;
  hasToUnicode: boolean;
  toUnicodeObj: PdfObject | undefined;
}

/** A simple font's Encoding entry: a name, or a dictionary with BaseEncoding and Differences. */
function readEncodingEntry(
  file: PdfFile,
  fontDict: Dict,
): { differences: (string | undefined)[]; baseEncodingName?: string; hasEncodingEntry: boolean } {
  const encObj = file.resolve(fontDict.get('Encoding'));
  const differences: (string | undefined)[] = [];
  if (isName(encObj)) return { differences, baseEncodingName: encObj.name, hasEncodingEntry: true };
  if (!(encObj instanceof Dict)) return { differences, hasEncodingEntry: false };
  const be = file.resolve(encObj.get('BaseEncoding'));
  const diffs = file.array(encObj.get('Differences'));
  let index = 0;
  for (const entry of diffs ?? []) {
    const d = file.resolve(entry);
    if (typeof d === 'number') index = d;
    else if (d instanceof Name) differences[index++] = d.name;
    else throw new Unsupported('bad Differences');
  }
  return { differences, baseEncodingName: isName(be) ? be.name : undefined, hasEncodingEntry: true };
}

/**
 * A font as the text layer needs it: codes out of strings, Unicode, widths, style and
 * vertical metrics, following pdf.js's rules so both readers produce the same text items.
 * Anything pdf.js would answer from the font program itself (built-in encodings without a
 * ToUnicode, predefined CJK CMaps, vertical writing, Type3) throws Unsupported.
 */
export class Font {
  name = '';
  bold = false;
  italic = false;
  ascent = Number.NaN;
  descent = Number.NaN;
  vertical = false;
  fontMatrix: number[] = [0.001, 0, 0, 0.001, 0, 0];
  /** Type3 fonts: glyph procedures in glyph space scaled by FontMatrix. */
  type3 = false;
  /** FontBBox of a Type3 font (pdf.js stretches tiny Type3 text by its height). */
  bbox: number[] = [0, 0, 0, 0];
  private composite = false;
  private cmap?: CMap;
  private toUnicode?: Map<number, string>;
  private identityToUnicode = false;
  /** The font's ToUnicode stream could not be decoded safely (image codec, bomb). */
  private toUnicodeUnreadable = false;
  private fallbackUnicode?: (string | undefined)[];
  /**
   * Builds fallbackUnicode on the first code the ToUnicode map lacks: most fonts with a
   * ToUnicode never ask, and building it reads 256 glyph names (and, in a short run, unpacks
   * the whole glyph list) on the cold path.
   */
  private fallbackOf?: () => (string | undefined)[];
  /** The glyph name of each code by the font's encoding and differences (simple fonts). */
  private glyphNames?: readonly (string | undefined)[];
  private widths: (number | undefined)[] | Map<number, number> = [];
  private defaultWidth = 0;
  /** Non-embedded Type1: codes without a glyph name are shown as spaces (pdf.js). */
  private blankAsSpace?: (string | undefined)[];
  private readonly cache = new Map<number, Glyph>();
  /** Glyphs of one-byte codes, the common case, by index rather than through the map. */
  private readonly byteCache: (Glyph | undefined)[] = new Array(256).fill(undefined);

  /**
   * Reads a font dictionary in the order PDF 32000 §9.6–9.10 describes it: the font type
   * (Type3's matrix, Type0's descendant and CMap), the descriptor (name, flags, metrics),
   * ToUnicode, then for simple fonts the encoding and widths, for composite ones the CID widths.
   */
  constructor(file: PdfFile, fontDict: Dict) {
    let dict = fontDict;
    let type = (file.resolve(dict.get('Subtype')) as Name | undefined)?.name ?? 'Type1';
    if (type === 'Type3') this.readType3(file, dict);
    const toUnicodeObj = file.resolve(dict.get('ToUnicode'));
    if (type === 'Type0') {
      dict = this.readComposite(file, dict);
      type = (file.resolve(dict.get('Subtype')) as Name | undefined)?.name ?? 'CIDFontType2';
    }
    const descriptor = file.dict(dict.get('FontDescriptor'));
    // pdf.js measures a descriptor-less CID font with standard metrics by glyph name: not done here.
    if (this.composite && !descriptor) throw new Unsupported('CID font without descriptor');
    const baseFontObj = file.resolve(dict.get('BaseFont'));
    const baseFont = isName(baseFontObj) ? baseFontObj.name : '';
    const embedded =
      this.type3 ||
      (!!descriptor &&
        (descriptor.has('FontFile') || descriptor.has('FontFile2') || descriptor.has('FontFile3')));
    const flags = this.readName(file, descriptor, baseFont);
    this.readVerticalMetrics(file, dict, descriptor, embedded);
    if (!embedded) this.readStandardStyle();
    const hasToUnicode = this.readToUnicode(file, toUnicodeObj);
    if (this.composite) {
      if (!hasToUnicode) this.identityForCids(file, dict);
      this.readCidWidths(file, dict);
      return;
    }
    this.readSimpleEncoding(file, fontDict, {
      type,
      descriptor,
      baseFont,
      embedded,
      flags,
      hasToUnicode,
      toUnicodeObj,
    });
  }

  /** Type3: glyph procedures in glyph space, scaled by FontMatrix and bounded by FontBBox. */
  private readType3(file: PdfFile, dict: Dict): void {
    this.type3 = true;
    const fm = file.array(dict.get('FontMatrix'))?.map((x) => file.resolve(x));
    if (fm && fm.length === 6 && fm.every((x) => typeof x === 'number')) this.fontMatrix = fm as number[];
    const bb = file.array(dict.get('FontBBox'))?.map((x) => file.resolve(x));
    if (bb && bb.length === 4 && bb.every((x) => typeof x === 'number')) {
      const [x0, y0, x1, y1] = bb as number[];
      this.bbox = [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
    }
    // An empty FontBBox makes pdf.js measure the glyph procedures: left to it.
    if (this.bbox[2] - this.bbox[0] <= 0 || this.bbox[3] - this.bbox[1] <= 0)
      throw new Unsupported('Type3 font without FontBBox');
  }

  /** Type0 (§9.7): the CMap that cuts strings into codes; returns the descendant CIDFont. */
  private readComposite(file: PdfFile, dict: Dict): Dict {
    const df = file.resolve(dict.get('DescendantFonts'));
    const d = file.dict(Array.isArray(df) ? df[0] : df);
    if (!d) throw new Unsupported('no descendant font');
    this.composite = true;
    const enc = file.resolve(dict.get('Encoding'));
    if (isName(enc)) {
      if (enc.name === 'Identity-H') this.cmap = CMap.identityH();
      else throw new Unsupported(`CMap ${enc.name}`);
    } else if (enc instanceof Stream) {
      // An unreadable CMap stream (a bomb, an image codec) reads codes as Identity-H, as
      // no CMap of ours or pdf.js's can be got from it.
      const bytes = file.decodeOptional(enc, 'the encoding CMap of a composite font');
      this.cmap = bytes ? parseCMap(bytes) : CMap.identityH();
    } else throw new Unsupported('no CMap');
    if (this.cmap.vertical) throw new Unsupported('vertical font');
    return d;
  }

  /** The font's name (descriptor first, then BaseFont) and its flags; returns the flags. */
  private readName(file: PdfFile, descriptor: Dict | undefined, baseFont: string): number {
    const fontNameObj = descriptor ? file.resolve(descriptor.get('FontName')) : undefined;
    this.name = isName(fontNameObj)
      ? fontNameObj.name
      : fontNameObj instanceof Uint8Array
        ? Buffer.from(fontNameObj).toString('latin1')
        : baseFont;
    if (this.type3 && !isName(fontNameObj)) this.name = 'Type3';
    if (descriptor || this.type3) return file.num(descriptor?.get('Flags')) ?? 0;
    // Standard 14 fonts need no descriptor; pdf.js simulates the flags.
    const norm = normalizeFontName(baseFont);
    this.name = norm;
    return SYMBOL_FONTS[norm.split('-', 1)[0]] ? FLAG_SYMBOLIC : FLAG_NONSYMBOLIC;
  }

  /** Ascent and descent for the text layer's boxes: descriptor, FontBBox, then the program's hhea. */
  private readVerticalMetrics(
    file: PdfFile,
    dict: Dict,
    descriptor: Dict | undefined,
    embedded: boolean,
  ): void {
    const asc = file.num(descriptor?.get('Ascent'));
    const desc = file.num(descriptor?.get('Descent'));
    const bbox = file.array(descriptor?.get('FontBBox') ?? dict.get('FontBBox'));
    if (asc !== undefined) this.ascent = asc / 1000;
    else if (this.type3) {
      // pdf.js leaves a Type3 font without descriptor metrics (the page falls back to defaults).
    } else if (bbox && typeof bbox[3] === 'number' && typeof bbox[1] === 'number')
      this.ascent = Math.max(bbox[3], bbox[1]) / 1000;
    if (desc !== undefined) this.descent = desc / 1000;
    else if (!this.type3 && bbox && typeof bbox[1] === 'number' && typeof bbox[3] === 'number')
      this.descent = Math.min(bbox[1], bbox[3]) / 1000;
    if (!descriptor || !embedded) return;
    // pdf.js takes ascent and descent from a TrueType or OpenType program's hhea table. Most
    // programs keep hhea behind glyf, so reading it inflates the whole program: about a tenth
    // of a warm page's instructions on dpbench-dev, for boxes up to a sixth of an em taller or
    // shorter (LibreOffice's descriptors span 1.0 em, the same fonts' hhea about 1.16). Layout
    // measures between lines from baselines (layout/leading.ts), so that height steers no rule:
    // a descriptor that gives both metrics is taken as it stands, the program is read when it
    // lacks one.
    if (asc !== undefined && desc !== undefined) return;
    const ff2 = file.resolve(descriptor.get('FontFile2'));
    const ff3 = file.resolve(descriptor.get('FontFile3'));
    const program = ff2 instanceof Stream ? ff2 : ff3 instanceof Stream ? ff3 : undefined;
    if (!program || !(ff2 instanceof Stream || isName(file.resolve(program.dict.get('Subtype')), 'OpenType')))
      return;
    const m = ignoreUnreadable(file, `the font program of ${this.name}`, () => sfntMetrics(file, program));
    if (m) {
      this.ascent = m.ascent;
      this.descent = m.descent;
    }
  }

  /** A font that is not embedded: pdf.js sets bold/italic only for fonts it substitutes; names do the rest. */
  private readStandardStyle(): void {
    const norm = normalizeFontName(this.name);
    const mapped = STD_FONT_MAP[norm] ?? NON_STD_FONT_MAP[norm] ?? norm;
    this.bold = /bold/i.test(mapped);
    this.italic = /oblique|italic/i.test(mapped);
    if (/Black/.test(this.name)) this.bold = true;
    const basic = STD_BASIC_METRICS[mapped];
    if (basic?.ascent !== undefined && Number.isNaN(this.ascent)) this.ascent = basic.ascent / 1000;
    if (basic?.descent !== undefined && Number.isNaN(this.descent)) this.descent = basic.descent / 1000;
  }

  /** ToUnicode (§9.10.3): a CMap stream or Identity-H/V; returns whether the font has one. */
  private readToUnicode(file: PdfFile, toUnicodeObj: PdfObject | undefined): boolean {
    if (toUnicodeObj instanceof Stream) {
      let toUnicode: CMap | undefined;
      try {
        const bytes = file.decodeOptional(toUnicodeObj, `the ToUnicode CMap of font ${this.name}`);
        // Image-coded or a bomb: pdf.js would decode it without a bound, so this font is read
        // here from its encoding whatever else it lacks (never handed to pdf.js).
        if (!bytes) this.toUnicodeUnreadable = true;
        toUnicode = bytes ? parseCMap(bytes) : undefined;
      } catch (e) {
        if (e instanceof Unsupported) throw e;
        // A broken CMap (bad syntax, truncated) is ignored: codes go through the encoding.
        file.notes.push(`the ToUnicode CMap of font ${this.name} could not be read: it was ignored`);
        toUnicode = undefined;
      }
      if (toUnicode?.identity && toUnicode.unicode.size === 0) this.identityToUnicode = true;
      else if (toUnicode && toUnicode.unicode.size > 0) this.toUnicode = toUnicode.unicode;
    } else if (isName(toUnicodeObj) && /^Identity-[HV]$/.test(toUnicodeObj.name)) {
      this.identityToUnicode = true;
    } else if (isName(toUnicodeObj)) throw new Unsupported(`ToUnicode ${toUnicodeObj.name}`);
    return !!this.toUnicode || this.identityToUnicode;
  }

  /**
   * A CID font without ToUnicode: pdf.js maps CJK collections through their UCS2 CMaps (not
   * loaded here); any other shows its codes as they are.
   */
  private identityForCids(file: PdfFile, dict: Dict): void {
    const info = file.dict(dict.get('CIDSystemInfo'));
    const str = (o: PdfObject | undefined) => {
      const v = file.resolve(o);
      return v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : '';
    };
    if (
      !this.toUnicodeUnreadable &&
      str(info?.get('Registry')) === 'Adobe' &&
      /^(GB1|CNS1|Japan1|Korea1)$/.test(str(info?.get('Ordering')))
    )
      throw new Unsupported(`CID font without ToUnicode (${this.name})`);
    this.identityToUnicode = true;
  }

  /** A simple font's encoding (§9.6.5): base encoding, Differences, the fallbacks pdf.js uses. */
  private readSimpleEncoding(file: PdfFile, fontDict: Dict, f: SimpleFontFacts): void {
    const { embedded, hasToUnicode } = f;
    // Embedded Type1 programs without a ToUnicode: pdf.js reads text from their built-in encoding.
    const ff1 = f.descriptor && !f.toUnicodeObj ? file.resolve(f.descriptor.get('FontFile')) : undefined;
    const type1 =
      ff1 instanceof Stream
        ? ignoreUnreadable(file, `the font program of ${this.name}`, () => readType1Header(file, ff1))
        : undefined;
    const entry = readEncodingEntry(file, fontDict);
    const { differences } = entry;
    let baseEncodingName = entry.baseEncodingName;
    if (
      baseEncodingName !== 'MacRomanEncoding' &&
      baseEncodingName !== 'MacExpertEncoding' &&
      baseEncodingName !== 'WinAnsiEncoding'
    )
      baseEncodingName = undefined;
    const isSymbolsFontName = !!SYMBOL_FONTS[this.name];
    if (baseEncodingName && !embedded && isSymbolsFontName) baseEncodingName = undefined;
    let defaultEncoding: readonly string[];
    if (baseEncodingName) defaultEncoding = ENCODINGS[baseEncodingName];
    else {
      const { encoding, isSymbolic } = this.implicitEncoding(f, differences, isSymbolsFontName);
      defaultEncoding = encoding;
      // An embedded font with no Encoding and no ToUnicode: pdf.js reads the font program's
      // own encoding or cmap, which this reader does not parse.
      if (
        embedded &&
        !this.type3 &&
        !type1?.builtin &&
        !hasToUnicode &&
        !this.toUnicodeUnreadable &&
        (!entry.hasEncodingEntry || isSymbolic)
      )
        throw new Unsupported('embedded font without ToUnicode or encoding');
    }
    const hasEncoding = !!baseEncodingName || differences.some((d) => d !== undefined);
    if (hasEncoding) {
      const names: (string | undefined)[] = defaultEncoding.slice();
      differences.forEach((name, code) => {
        if (name !== undefined && name !== '.notdef') names[code] = name;
      });
      this.glyphNames = names;
    }
    if (hasToUnicode && hasEncoding) {
      this.fallbackOf = () =>
        cachedSimpleToUnicode(defaultEncoding, differences, baseEncodingName, this.glyphList).list;
    } else if (!hasToUnicode)
      this.toUnicode = unicodeMap(
        cachedSimpleToUnicode(defaultEncoding, differences, baseEncodingName, this.glyphList),
      );
    const builtin = type1?.builtin;
    if (!hasToUnicode && builtin && builtin !== defaultEncoding) {
      // pdf.js's adjustType1ToUnicode: built-in glyph names win where the PDF sets none.
      const map = new Map(this.toUnicode);
      builtin.forEach((name, code) => {
        if (!name || (hasEncoding && (baseEncodingName || differences[code] !== undefined))) return;
        const u = unicodeForGlyph(name, this.glyphList);
        if (u !== -1) map.set(code, String.fromCharCode(u));
      });
      this.toUnicode = map;
    }
    if (!embedded && f.type === 'Type1') {
      const names: (string | undefined)[] = [];
      for (let c = 0; c < 256; c++) names[c] = differences[c] ?? defaultEncoding[c];
      this.blankAsSpace = names;
    }
    this.readSimpleWidths(file, fontDict, f.descriptor, f.baseFont, defaultEncoding, differences);
  }

  /** The encoding a simple font has when it names no usable base encoding (pdf.js's rules by flags and name). */
  private implicitEncoding(
    f: SimpleFontFacts,
    differences: (string | undefined)[],
    isSymbolsFontName: boolean,
  ): { encoding: readonly string[]; isSymbolic: boolean } {
    let isSymbolic = !!(f.flags & FLAG_SYMBOLIC);
    const isNonsymbolic = !!(f.flags & FLAG_NONSYMBOLIC);
    if (f.type === 'TrueType' && isSymbolic && isNonsymbolic && differences.length !== 0) isSymbolic = false;
    let encoding = ENCODINGS.StandardEncoding;
    if (f.type === 'TrueType' && !isNonsymbolic) encoding = ENCODINGS.WinAnsiEncoding;
    if (isSymbolic || isSymbolsFontName) {
      encoding = ENCODINGS.MacRomanEncoding;
      if (!f.embedded) {
        if (/Symbol/i.test(this.name)) encoding = ENCODINGS.SymbolSetEncoding;
        else if (/Dingbats/i.test(this.name)) encoding = ENCODINGS.ZapfDingbatsEncoding;
        else if (/Wingdings/i.test(this.name)) encoding = ENCODINGS.WinAnsiEncoding;
      }
    }
    return { encoding, isSymbolic };
  }

  private readSimpleWidths(
    file: PdfFile,
    dict: Dict,
    descriptor: Dict | undefined,
    baseFont: string,
    encoding: readonly string[],
    differences: (string | undefined)[],
  ): void {
    const widths = file.array(dict.get('Widths'));
    if (widths) {
      const first = file.num(dict.get('FirstChar')) ?? 0;
      const arr: (number | undefined)[] = [];
      widths.forEach((w, i) => {
        const v = file.resolve(w);
        if (typeof v === 'number') arr[first + i] = v;
      });
      this.widths = arr;
      this.defaultWidth = (descriptor ? file.num(descriptor.get('MissingWidth')) : undefined) ?? 0;
      return;
    }
    // No widths: the standard font's metrics by glyph name (pdf.js getBaseFontMetrics).
    const name = descriptor ? baseFont : normalizeFontName(baseFont);
    let lookup = STD_FONT_MAP[name] ?? name;
    if (!(lookup in STD_METRICS)) {
      const woStyle = name.split('-', 1)[0];
      lookup = woStyle in SERIF_FONTS || /serif/i.test(woStyle) ? 'Times-Roman' : 'Helvetica';
    }
    const m = stdWidths(lookup);
    if (typeof m === 'number') {
      this.defaultWidth = m;
      this.widths = [];
      return;
    }
    const arr: (number | undefined)[] = [];
    for (let c = 0; c < 256; c++) {
      const d = differences[c];
      const byName = d === undefined ? undefined : m.get(d);
      if (byName) arr[c] = byName;
      else if (encoding[c] && m.get(encoding[c])) arr[c] = m.get(encoding[c]);
    }
    this.widths = arr;
    this.defaultWidth = 0;
  }

  private readCidWidths(file: PdfFile, dict: Dict): void {
    const dw = file.num(dict.get('DW'));
    this.defaultWidth = dw !== undefined ? Math.ceil(dw) : 1000;
    const map = new Map<number, number>();
    const w = file.array(dict.get('W'));
    if (w) {
      for (let i = 0; i < w.length; i++) {
        let start = file.resolve(w[i++]);
        if (typeof start !== 'number' || !Number.isInteger(start)) break;
        const code = file.resolve(w[i]);
        if (Array.isArray(code)) {
          for (const c of code) {
            const width = file.resolve(c);
            if (typeof width === 'number') map.set(start, width);
            start++;
          }
        } else if (typeof code === 'number' && Number.isInteger(code)) {
          const width = file.resolve(w[++i]);
          if (typeof width !== 'number') continue;
          // A hostile range is clipped.
          for (let j = start; j <= Math.min(code, start + 0x10000); j++) map.set(j, width);
        } else break;
      }
    }
    this.widths = map;
  }

  /** The glyph names this font's encoding is read by: ZapfDingbats' own for a Dingbats font. */
  private get glyphList(): Map<string, number> {
    return /Dingbats/i.test(this.name) ? dingbatsGlyphs() : glyphs();
  }

  /** Single-byte codes (simple fonts): `glyph(byte)` directly, no code splitting. */
  get simple(): boolean {
    return !this.composite;
  }

  glyph(code: number): Glyph {
    let g = code >= 0 && code < 256 ? this.byteCache[code] : this.cache.get(code);
    if (g) return g;
    let widthCode = code;
    if (this.cmap) widthCode = this.cmap.lookupCid(code) ?? code;
    let width = this.widths instanceof Map ? this.widths.get(widthCode) : this.widths[widthCode];
    if (typeof width !== 'number') width = this.defaultWidth;
    let unicode: string | undefined;
    if (this.identityToUnicode) unicode = code > 0 ? String.fromCharCode(code) : undefined;
    else unicode = this.toUnicode?.get(code) ?? this.fallback()?.[code];
    if (!unicode) unicode = String.fromCharCode(code);
    // A ToUnicode entry of U+FFFD or control characters (or a raw code that is one) says
    // nothing: the encoding's glyph name ("one.SP", "f_f", "uni2002") may, as pdftotext reads
    // it. Control characters are never text.
    if (UNREADABLE.test(unicode)) {
      const alt = [this.fallback()?.[code], unicodeOfName(this.glyphNames?.[code], this.glyphList)].find(
        (u) => u && !UNREADABLE.test(u),
      );
      unicode = alt ?? unicode.replace(CONTROL, '');
    }
    if (this.blankAsSpace) {
      const gn = this.blankAsSpace[code];
      if (gn === '') {
        unicode = ' ';
        if (!width) width = (this.widths as (number | undefined)[])[32] ?? this.defaultWidth;
      }
    }
    const m = SPECIAL.exec(unicode);
    g = {
      code,
      unicode,
      width,
      isWhitespace: !!m?.[1],
      isZeroWidthDiacritic: !!m?.[2],
      isInvisibleFormatMark: !!m?.[3],
    };
    if (code >= 0 && code < 256) this.byteCache[code] = g;
    else this.cache.set(code, g);
    return g;
  }

  private fallback(): (string | undefined)[] | undefined {
    const build = this.fallbackOf;
    if (build) {
      this.fallbackOf = undefined;
      this.fallbackUnicode = build();
    }
    return this.fallbackUnicode;
  }

  /** Bytes taken by the glyph glyphAt read last. */
  codeLength = 1;

  /** The glyph whose code starts at `offset` of a string; its length in `codeLength`. */
  glyphAt(bytes: Uint8Array, offset: number): Glyph {
    if (!this.composite) {
      this.codeLength = 1;
      return this.glyph(bytes[offset]);
    }
    const cmap = this.cmap as CMap;
    const code = cmap.readCodeAt(bytes, offset);
    this.codeLength = cmap.codeLength;
    return this.glyph(code);
  }

  /** The glyphs a string shows. */
  glyphs(bytes: Uint8Array): Glyph[] {
    const out: Glyph[] = [];
    if (!this.composite) {
      for (let i = 0; i < bytes.length; i++) out.push(this.glyph(bytes[i]));
      return out;
    }
    const cmap = this.cmap as CMap;
    for (let i = 0; i < bytes.length; ) {
      const [code, len] = cmap.readCode(bytes, i);
      i += len;
      out.push(this.glyph(code));
    }
    return out;
  }
}

/**
 * `read()`, or undefined with a note when the stream it decodes is a bomb or image-coded: the
 * font is read without what its program would add (pdf.js would decode the same bytes unbounded).
 */
function ignoreUnreadable<T>(file: PdfFile, what: string, read: () => T): T | undefined {
  try {
    return read();
  } catch (e) {
    if (e instanceof ImageCodec)
      file.notes.push(`${what} is encoded with ${e.filter}, an image codec: it was ignored`);
    else if (e instanceof TooLarge) file.notes.push(`${what} decodes past its limit: it was ignored`);
    else throw e;
    return undefined;
  }
}

/** The cleartext header of a Type1 program: its /Encoding (FontMatrix must be the usual one). */
function readType1Header(
  file: PdfFile,
  program: Stream,
): { builtin?: readonly (string | undefined)[] } | undefined {
  const length1 = file.num(program.dict.get('Length1')) ?? 0;
  let { data, complete } = file.decodePrefix(program, Math.max(4096, length1));
  if (!complete && data.length < length1) data = file.decode(program);
  // PFB segments start with 0x80 0x01 and a length.
  if (data[0] === 0x80 && data[1] === 1) data = data.subarray(6);
  const head = Buffer.from(
    data.buffer,
    data.byteOffset,
    Math.min(data.length, length1 > 0 ? length1 : 65536),
  ).toString('latin1');
  const eexec = head.indexOf('eexec');
  const text = eexec >= 0 ? head.slice(0, eexec) : head;
  const out: { builtin?: readonly (string | undefined)[] } = {};
  const fm = /\/FontMatrix\s*[[{]\s*([^\]}]*)[\]}]/.exec(text);
  if (fm) {
    const m = fm[1].trim().split(/\s+/).map(Number);
    if (m.join(' ') !== '0.001 0 0 0.001 0 0') throw new Unsupported('Type1 FontMatrix');
  }
  const enc = /\/Encoding\s+(\S+)/.exec(text);
  if (enc) {
    if (/^\d+$/.test(enc[1])) {
      const rest = text.slice(enc.index + enc[0].length);
      const end = /\sdef\b/.exec(rest)?.index ?? rest.length;
      const names: (string | undefined)[] = [];
      for (const m of rest.slice(0, end).matchAll(/dup\s+(\d+)\s*\/([^\s/[\]{}()<>]+)\s+put/g))
        names[Number(m[1])] = m[2];
      out.builtin = names;
    } else out.builtin = ENCODINGS[enc[1]];
  }
  return out;
}

/** Ascent and descent of an sfnt font program (hhea over head's unitsPerEm), as pdf.js reads them. */
function sfntMetrics(file: PdfFile, program: Stream): { ascent: number; descent: number } | undefined {
  // The table directory opens the program, and head/hhea are often near it: a small prefix
  // first, the whole program when they lie further in.
  const { data, complete } = file.decodePrefix(program, 2048);
  const m = sfntAt(data);
  if (m !== 'short') return m;
  if (complete) return undefined;
  const whole = sfntAt(file.decode(program));
  return whole === 'short' ? undefined : whole;
}

function sfntAt(data: Uint8Array): { ascent: number; descent: number } | undefined | 'short' {
  if (data.length < 12) return 'short';
  const u16 = (p: number) => (data[p] << 8) | data[p + 1];
  const s16 = (p: number) => {
    const v = u16(p);
    return v & 0x8000 ? v - 0x10000 : v;
  };
  const u32 = (p: number) => ((data[p] << 24) | (data[p + 1] << 16) | (data[p + 2] << 8) | data[p + 3]) >>> 0;
  const numTables = u16(4);
  let head = -1;
  let hhea = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    if (rec + 16 > data.length) break;
    const tag = String.fromCharCode(data[rec], data[rec + 1], data[rec + 2], data[rec + 3]);
    if (tag === 'head') head = u32(rec + 8);
    else if (tag === 'hhea') hhea = u32(rec + 8);
  }
  if (12 + numTables * 16 > data.length) return 'short';
  if (head < 0 || hhea < 0) return undefined;
  if (head + 20 > data.length || hhea + 8 > data.length) return 'short';
  const unitsPerEm = u16(head + 18);
  if (!unitsPerEm) return undefined;
  return { ascent: s16(hhea + 4) / unitsPerEm, descent: s16(hhea + 6) / unitsPerEm };
}

/**
 * Most fonts use a standard encoding without differences: those glyph-name maps are static data,
 * built once per process. Maps with a file's own differences are built per font, so nothing
 * derived from one document's content is carried over to the next.
 */
/** A simple font's text by code, as a list, and as a map when a font reads through it. */
interface SimpleUnicode {
  list: (string | undefined)[];
  map: Map<number, string> | undefined;
}
const simpleCache = new Map<string, SimpleUnicode>();
const encodingId = new Map<readonly string[], string>(Object.entries(ENCODINGS).map(([k, v]) => [v, k]));

function cachedSimpleToUnicode(
  defaultEncoding: readonly string[],
  differences: (string | undefined)[],
  baseEncodingName: string | undefined,
  gl: Map<string, number>,
): SimpleUnicode {
  const standard = encodingId.has(defaultEncoding) && differences.every((d) => d === undefined);
  const key = `${encodingId.get(defaultEncoding)}|${baseEncodingName ?? ''}|${gl === glyphs() ? '' : 'dingbats'}`;
  let hit = standard ? simpleCache.get(key) : undefined;
  if (!hit) {
    hit = { list: simpleFontToUnicode(defaultEncoding, differences, baseEncodingName, gl), map: undefined };
    if (standard) simpleCache.set(key, hit);
  }
  return hit;
}

/**
 * The map of a SimpleUnicode, built on first use: a font with a ToUnicode map reads only the
 * list (as its fallback), and most fonts with their own Differences have one.
 */
function unicodeMap(u: SimpleUnicode): Map<number, string> {
  if (!u.map) {
    const map = new Map<number, string>();
    u.list.forEach((t, c) => {
      if (t !== undefined) map.set(c, t);
    });
    u.map = map;
  }
  return u.map;
}

/** pdf.js's _simpleFontToUnicode: glyph names of the encoding (with differences) to text. */
function simpleFontToUnicode(
  defaultEncoding: readonly string[],
  differences: (string | undefined)[],
  baseEncodingName: string | undefined,
  gl: Map<string, number>,
  forceGlyphs = false,
): (string | undefined)[] {
  const toUnicode: (string | undefined)[] = [];
  const encoding = defaultEncoding.slice();
  differences.forEach((name, code) => {
    if (name !== undefined && name !== '.notdef') encoding[code] = name;
  });
  for (let charcode = 0; charcode < encoding.length; charcode++) {
    const glyphName = encoding[charcode];
    if (!glyphName) continue;
    const unicode = gl.get(glyphName);
    if (unicode !== undefined) {
      toUnicode[charcode] = String.fromCharCode(unicode);
      continue;
    }
    let code = 0;
    switch (glyphName[0]) {
      case 'G':
        if (glyphName.length === 3) code = Number.parseInt(glyphName.substring(1), 16);
        break;
      case 'g':
        if (glyphName.length === 5) code = Number.parseInt(glyphName.substring(1), 16);
        break;
      case 'C':
      case 'c':
        if (glyphName.length >= 3 && glyphName.length <= 4) {
          const codeStr = glyphName.substring(1);
          if (forceGlyphs) {
            code = Number.parseInt(codeStr, 16);
            break;
          }
          code = +codeStr;
          if (Number.isNaN(code) && Number.isInteger(Number.parseInt(codeStr, 16)))
            return simpleFontToUnicode(defaultEncoding, differences, baseEncodingName, gl, true);
        }
        break;
      case 'u': {
        const u = unicodeForGlyph(glyphName, gl);
        if (u !== -1) code = u;
        break;
      }
      default:
        if (glyphName === 'f_h' || glyphName === 'f_t' || glyphName === 'T_h') {
          toUnicode[charcode] = glyphName.replace(/_/g, '');
          continue;
        }
    }
    if (code > 0 && code <= 0x10ffff && Number.isInteger(code)) {
      if (baseEncodingName && code === charcode) {
        const base = ENCODINGS[baseEncodingName];
        const baseName = base?.[charcode];
        if (baseName) {
          toUnicode[charcode] = String.fromCharCode(gl.get(baseName) ?? 0);
          continue;
        }
      }
      toUnicode[charcode] = String.fromCodePoint(code);
    }
  }
  return toUnicode;
}

/** Fonts of a document, loaded once per object. */
export class FontCache {
  private readonly byKey = new Map<unknown, Font | Unsupported>();
  constructor(private readonly file: PdfFile) {}
  get(obj: PdfObject | undefined): Font {
    const key = obj instanceof Ref ? obj.key : obj;
    const hit = this.byKey.get(key);
    if (hit instanceof Font) return hit;
    if (hit) throw hit;
    const dict = this.file.dict(obj);
    if (!dict) throw new Unsupported('font is not a dictionary');
    try {
      const f = new Font(this.file, dict);
      this.byKey.set(key, f);
      return f;
    } catch (e) {
      const u = e instanceof Unsupported ? e : new Unsupported(`font: ${(e as Error)?.message}`);
      this.byKey.set(key, u);
      throw u;
    }
  }
}
