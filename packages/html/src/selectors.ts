import { attr, type PElement } from './dom.js';

/**
 * A small CSS selector matcher for includeTags / excludeTags over parse5 trees: type, `*`,
 * `#id`, `.class`, `[attr]`, `[attr=v]` (also `~= ^= $= *= |=`), compound selectors, the
 * descendant and child combinators, and comma lists. Anything else makes the selector invalid,
 * and an invalid selector matches nothing (the caller warns).
 */
interface AttrTest {
  name: string;
  op?: '=' | '~=' | '^=' | '$=' | '*=' | '|=';
  value?: string;
}

interface Compound {
  tag?: string;
  id?: string;
  classes: string[];
  attrs: AttrTest[];
}

/** Compounds right to left; combinators[i] joins compounds[i] to compounds[i + 1] (its ancestor side). */
interface Complex {
  compounds: Compound[];
  combinators: (' ' | '>')[];
}

export interface SelectorList {
  source: string;
  complexes: Complex[];
}

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][-_a-zA-Z0-9\u00a0-\uffff]*/;

function parseCompound(s: string, pos: { i: number }): Compound | undefined {
  const c: Compound = { classes: [], attrs: [] };
  let any = false;
  const rest = () => s.slice(pos.i);
  const tag = /^(\*|[a-zA-Z][\w-]*)/.exec(rest());
  if (tag) {
    if (tag[1] !== '*') c.tag = tag[1].toLowerCase();
    pos.i += tag[1].length;
    any = true;
  }
  for (;;) {
    const ch = s[pos.i];
    if (ch === '#' || ch === '.') {
      const m = IDENT.exec(s.slice(pos.i + 1));
      if (!m) return undefined;
      if (ch === '#') c.id = m[0];
      else c.classes.push(m[0]);
      pos.i += 1 + m[0].length;
      any = true;
    } else if (ch === '[') {
      const m =
        /^\[\s*([^\s~^$*|=\]]+)\s*(?:([~^$*|]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))\s*)?(?:\s+i)?\]/.exec(
          rest(),
        );
      if (!m) return undefined;
      c.attrs.push({
        name: m[1].toLowerCase(),
        op: m[2] as AttrTest['op'],
        value: m[3] ?? m[4] ?? m[5],
      });
      pos.i += m[0].length;
      any = true;
    } else break;
  }
  return any ? c : undefined;
}

function parseComplex(s: string): Complex | undefined {
  const pos = { i: 0 };
  const compounds: Compound[] = [];
  const combinators: (' ' | '>')[] = [];
  s = s.trim();
  while (pos.i < s.length) {
    const c = parseCompound(s, pos);
    if (!c) return undefined;
    compounds.push(c);
    const ws = /^\s*(>)?\s*/.exec(s.slice(pos.i))!;
    pos.i += ws[0].length;
    if (pos.i < s.length) combinators.push(ws[1] ? '>' : ' ');
    else if (ws[1]) return undefined;
  }
  if (compounds.length === 0) return undefined;
  return { compounds: compounds.reverse(), combinators: combinators.reverse() };
}

/** Parses a selector list; undefined when any part is outside the supported grammar. */
export function parseSelector(source: string): SelectorList | undefined {
  const complexes: Complex[] = [];
  for (const part of source.split(',')) {
    const c = parseComplex(part);
    if (!c) return undefined;
    complexes.push(c);
  }
  return { source, complexes };
}

function matchAttr(el: PElement, t: AttrTest): boolean {
  const v = attr(el, t.name);
  if (v === undefined) return false;
  if (!t.op) return true;
  const want = t.value ?? '';
  switch (t.op) {
    case '=':
      return v === want;
    case '~=':
      return v.split(/\s+/).includes(want);
    case '^=':
      return want !== '' && v.startsWith(want);
    case '$=':
      return want !== '' && v.endsWith(want);
    case '*=':
      return want !== '' && v.includes(want);
    case '|=':
      return v === want || v.startsWith(`${want}-`);
  }
}

function matchCompound(el: PElement, c: Compound): boolean {
  if (c.tag && el.tagName !== c.tag) return false;
  if (c.id !== undefined && attr(el, 'id') !== c.id) return false;
  if (c.classes.length > 0) {
    const cls = attr(el, 'class');
    if (!cls) return false;
    const list = cls.split(/\s+/);
    for (const k of c.classes) if (!list.includes(k)) return false;
  }
  for (const a of c.attrs) if (!matchAttr(el, a)) return false;
  return true;
}

const parentElement = (el: PElement): PElement | undefined => {
  const p = el.parentNode as PElement | null;
  return p && p.tagName !== undefined ? p : undefined;
};

function matchComplex(el: PElement, cx: Complex, i: number): boolean {
  if (!matchCompound(el, cx.compounds[i])) return false;
  if (i === cx.compounds.length - 1) return true;
  const comb = cx.combinators[i];
  let p = parentElement(el);
  if (comb === '>') return p !== undefined && matchComplex(p, cx, i + 1);
  // Descendant: the first ancestor matching the next compound is usually right; try each (bounded by depth).
  while (p) {
    if (matchComplex(p, cx, i + 1)) return true;
    p = parentElement(p);
  }
  return false;
}

export function matches(el: PElement, list: SelectorList): boolean {
  for (const cx of list.complexes) if (matchComplex(el, cx, 0)) return true;
  return false;
}
