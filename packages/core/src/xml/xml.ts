import { DistillError } from '../errors/distill-error.js';

/**
 * A small non-validating XML reader for the parts of office and EPUB files. It is safe on
 * hostile input by construction: the DOCTYPE (with any internal subset) is skipped, so no
 * entity is ever declared or expanded (billion laughs, external entities); only the five
 * predefined entities and numeric references are decoded; nesting uses an explicit stack.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export interface SaxHandlers {
  open?(name: string, attrs: Record<string, string>, selfClosing: boolean): void;
  close?(name: string): void;
  text?(text: string): void;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const NUMERIC_REF = /^#(?:x[0-9a-fA-F]{1,6}|X[0-9a-fA-F]{1,6}|[0-9]{1,7})$/;
const NAMED_REF = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

/**
 * Decodes character and predefined entity references (unknown names are kept as written). A
 * scan with indexOf and one join: linear, where a replace() callback per reference took 25 s
 * for an attribute of 4 million `&amp;` (a fuzz finding).
 */
/** What a reference's name (between '&' and ';') stands for, or undefined when it is none we expand. */
function refValue(ref: string): string | undefined {
  if (ref.charCodeAt(0) === 35 /* # */) {
    if (!NUMERIC_REF.test(ref)) return undefined;
    const code =
      ref[1] === 'x' || ref[1] === 'X'
        ? Number.parseInt(ref.slice(2), 16)
        : Number.parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : '\uFFFD';
  }
  return NAMED_REF.test(ref) ? PREDEFINED[ref] : undefined;
}

/** Past this length, text is decoded into one buffer instead of a list of pieces. */
const LARGE = 64 * 1024;

/**
 * decodeEntities for long text: characters are copied into one UTF-16 buffer and references
 * written in place, so four million `&amp;` make no eight million small strings (joining those
 * took 20 s and more of one synchronous stretch, past any timeout; fuzz seed 23 case 3794).
 */
function decodeEntitiesLarge(s: string, first: number): string {
  const out = new Uint16Array(s.length);
  let o = 0;
  for (let i = 0; i < first; i++) out[o++] = s.charCodeAt(i);
  for (let i = first; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 38 /* & */) {
      out[o++] = c;
      continue;
    }
    // &amp; and &lt; compared in place, without a slice per reference.
    if (s.startsWith('amp;', i + 1)) {
      out[o++] = 38;
      i += 4;
      continue;
    }
    if (s.startsWith('lt;', i + 1)) {
      out[o++] = 60;
      i += 3;
      continue;
    }
    let semi = -1;
    for (let k = i + 1, end = Math.min(s.length, i + 34); k < end; k++)
      if (s.charCodeAt(k) === 59 /* ; */) {
        semi = k;
        break;
      }
    const rep = semi > i + 1 ? refValue(s.slice(i + 1, semi)) : undefined;
    if (rep === undefined) {
      out[o++] = c;
      continue;
    }
    for (let k = 0; k < rep.length; k++) out[o++] = rep.charCodeAt(k);
    i = semi;
  }
  return new TextDecoder('utf-16le').decode(out.subarray(0, o));
}

export function decodeEntities(s: string): string {
  let i = s.indexOf('&');
  if (i < 0) return s;
  if (s.length > LARGE) return decodeEntitiesLarge(s, i);
  const parts: string[] = [];
  let last = 0;
  while (i >= 0) {
    // A reference ends within 33 characters: the ';' is looked for that far only. Searching the
    // whole rest of the string for each '&' was quadratic on millions of '&' before one ';' far
    // away (an xlsb part with a 70 KB attribute of them took a minute; fuzz seed 23 case 3794).
    let semi = -1;
    for (let k = i + 1, end = Math.min(s.length, i + 34); k < end; k++)
      if (s.charCodeAt(k) === 59 /* ; */) {
        semi = k;
        break;
      }
    let rep: string | undefined;
    if (semi >= 0) {
      const ref = s.slice(i + 1, semi);
      if (ref.charCodeAt(0) === 35 /* # */) {
        if (NUMERIC_REF.test(ref)) {
          const code =
            ref[1] === 'x' || ref[1] === 'X'
              ? Number.parseInt(ref.slice(2), 16)
              : Number.parseInt(ref.slice(1), 10);
          rep =
            code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
              ? String.fromCodePoint(code)
              : '\uFFFD';
        }
      } else if (NAMED_REF.test(ref)) rep = PREDEFINED[ref];
    }
    if (rep !== undefined) {
      if (i > last) parts.push(s.slice(last, i));
      parts.push(rep);
      last = semi + 1;
      i = s.indexOf('&', last);
    } else i = s.indexOf('&', i + 1);
  }
  if (last === 0) return s;
  if (last < s.length) parts.push(s.slice(last));
  return parts.join('');
}

const ATTR = /([^\s=/>]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttrs(s: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  if (s.trim() === '') return attrs;
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(s); m !== null; m = ATTR.exec(s)) {
    attrs[m[1]] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

function malformed(why: string): DistillError {
  return new DistillError('FILE_CORRUPT', `Unprocessable Entity: malformed XML (${why})`);
}

/** Streams an XML text to handlers. Text is entity-decoded; CDATA is passed as text. */
export function saxXml(xml: string, h: SaxHandlers): void {
  const n = xml.length;
  let i = 0;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) {
      if (h.text && i < n) h.text(decodeEntities(xml.slice(i)));
      break;
    }
    if (lt > i && h.text) h.text(decodeEntities(xml.slice(i, lt)));
    const c = xml.charCodeAt(lt + 1);
    if (c === 33 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        i = end < 0 ? n : end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (h.text) h.text(xml.slice(lt + 9, end < 0 ? n : end));
        i = end < 0 ? n : end + 3;
      } else {
        // DOCTYPE or other declaration: skip, including a bracketed internal subset.
        let j = lt + 2;
        let depth = 0;
        for (; j < n; j++) {
          const ch = xml[j];
          if (ch === '[') depth++;
          else if (ch === ']') depth--;
          else if (ch === '>' && depth <= 0) break;
        }
        i = j + 1;
      }
      continue;
    }
    if (c === 63 /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    // Find the tag end, skipping '>' inside quoted attribute values.
    let j = lt + 1;
    let quote = 0;
    for (; j < n; j++) {
      const ch = xml.charCodeAt(j);
      if (quote) {
        if (ch === quote) quote = 0;
      } else if (ch === 34 || ch === 39) quote = ch;
      else if (ch === 62) break;
    }
    if (j >= n) break; // truncated tag at the end: stop with what we have
    if (c === 47 /* / */) {
      if (h.close) h.close(xml.slice(lt + 2, j).trim());
    } else {
      const selfClosing = xml.charCodeAt(j - 1) === 47;
      const body = xml.slice(lt + 1, selfClosing ? j - 1 : j);
      const sp = body.search(/[\s/]/);
      const name = sp < 0 ? body : body.slice(0, sp);
      if (name === '') throw malformed(`empty tag name at ${lt}`);
      if (h.open) h.open(name, sp < 0 ? {} : parseAttrs(body.slice(sp)), selfClosing);
      if (selfClosing && h.close) h.close(name);
    }
    i = j + 1;
  }
}

export interface XmlLimits {
  /** Largest element count; beyond it the part is refused (a guard for hostile inputs). */
  maxElements?: number;
}

/** Parses to a tree and returns the root element. Unclosed elements at the end are closed. */
export function parseXml(xml: string, limits: XmlLimits = {}): XmlElement {
  const maxElements = limits.maxElements ?? 20_000_000;
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let count = 0;
  saxXml(xml, {
    open(name, attrs) {
      if (++count > maxElements) {
        throw new DistillError(
          'DECOMPRESSION_LIMIT',
          `Payload Too Large: an XML part has more than ${maxElements} elements`,
        );
      }
      const el: XmlElement = { name, attrs, children: [] };
      stack[stack.length - 1].children.push(el);
      stack.push(el);
    },
    close(name) {
      // Tolerate mismatched closes: pop to the nearest open element of that name.
      for (let k = stack.length - 1; k > 0; k--) {
        if (stack[k].name === name) {
          stack.length = k;
          return;
        }
      }
    },
    text(t) {
      const top = stack[stack.length - 1];
      if (top === root) return;
      const last = top.children[top.children.length - 1];
      if (typeof last === 'string') top.children[top.children.length - 1] = last + t;
      else top.children.push(t);
    },
  });
  const el = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!el) throw malformed('no root element');
  return el;
}

/** The local part of a qualified name (`w:p` → `p`). */
export const localName = (name: string): string => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

/** Child elements, optionally only those with a given qualified or local name. */
export function children(el: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) {
    if (typeof c === 'string') continue;
    if (name === undefined || c.name === name || (!name.includes(':') && localName(c.name) === name))
      out.push(c);
  }
  return out;
}

export const child = (el: XmlElement, name: string): XmlElement | undefined => children(el, name)[0];

/** All descendants with a name, in document order (iterative: no recursion limit). */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') continue;
    if (n.name === name || (!name.includes(':') && localName(n.name) === name)) out.push(n);
    for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]);
  }
  return out;
}

/** The concatenated text of an element and its descendants. */
export function textContent(el: XmlNode): string {
  if (typeof el === 'string') return el;
  let out = '';
  const stack: XmlNode[] = [el];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === 'string') out += n;
    else for (let k = n.children.length - 1; k >= 0; k--) stack.push(n.children[k]);
  }
  return out;
}

/** An attribute by qualified or local name. */
export function attr(el: XmlElement, name: string): string | undefined {
  if (name in el.attrs) return el.attrs[name];
  if (!name.includes(':')) {
    for (const k in el.attrs) if (localName(k) === name) return el.attrs[k];
  }
  return undefined;
}
