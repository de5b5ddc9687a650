import { romanNumeral, type XmlElement } from '@distill/core';
import { at, kid, kids } from '../ooxml/xml.js';

interface Level {
  fmt: string;
  start: number;
  text: string;
  restart?: number;
}

export interface ListLabel {
  /** Unordered (bullet) or ordered. */
  ordered: boolean;
  /** The number of this item at its level. */
  number: number;
  /** The label as Word draws it ("1.2.", "a)", "•"). */
  label: string;
  /** Whether a Markdown ordered list shows the label faithfully (plain "%n." or "%n)"). */
  simple: boolean;
  abstractId: string;
}

const toRoman = (n: number) => romanNumeral(n);

function toLetters(n: number): string {
  if (n <= 0) return '';
  const letter = String.fromCharCode(97 + ((n - 1) % 26));
  return letter.repeat(Math.floor((n - 1) / 26) + 1);
}

function render(fmt: string, n: number): string {
  switch (fmt) {
    case 'lowerLetter':
      return toLetters(n);
    case 'upperLetter':
      return toLetters(n).toUpperCase();
    case 'lowerRoman':
      return toRoman(n);
    case 'upperRoman':
      return toRoman(n).toUpperCase();
    case 'decimalZero':
      return String(n).padStart(2, '0');
    case 'none':
      return '';
    case 'bullet':
      return '';
    default:
      return String(n);
  }
}

/**
 * The numbering part: abstract definitions, their instances with overrides, and counters kept
 * per abstract list, so a list resumed after other paragraphs continues its numbers and an
 * instance with a start override restarts them.
 */
export class Numbering {
  private readonly abstracts = new Map<string, Level[]>();
  private readonly nums = new Map<string, { abstractId: string; overrides: Map<number, number> }>();
  private readonly counters = new Map<string, number[]>();
  private readonly startedNums = new Set<string>();

  constructor(root: XmlElement | undefined) {
    const styleLinks = new Map<string, string>();
    for (const a of kids(root, 'abstractNum')) {
      const id = at(a, 'abstractNumId') ?? '';
      const levels: Level[] = [];
      for (const l of kids(a, 'lvl')) {
        const i = Number(at(l, 'ilvl') ?? levels.length);
        if (!(i >= 0 && i < 9)) continue;
        const restart = at(kid(l, 'lvlRestart'), 'val');
        levels[i] = {
          fmt: at(kid(l, 'numFmt'), 'val') ?? 'decimal',
          start: Number(at(kid(l, 'start'), 'val') ?? 1),
          text: at(kid(l, 'lvlText'), 'val') ?? '',
          restart: restart === undefined ? undefined : Number(restart),
        };
      }
      this.abstracts.set(id, levels);
      const link = at(kid(a, 'numStyleLink'), 'val');
      if (link) styleLinks.set(id, link);
    }
    for (const n of kids(root, 'num')) {
      const id = at(n, 'numId') ?? '';
      const overrides = new Map<number, number>();
      for (const o of kids(n, 'lvlOverride')) {
        const so = at(kid(o, 'startOverride'), 'val');
        if (so !== undefined) overrides.set(Number(at(o, 'ilvl') ?? 0), Number(so));
      }
      this.nums.set(id, { abstractId: at(kid(n, 'abstractNumId'), 'val') ?? '', overrides });
    }
  }

  has(numId: string | undefined): boolean {
    return numId !== undefined && numId !== '0' && this.nums.has(numId);
  }

  /** Advances the counter of (numId, level) and returns the item's label. */
  next(numId: string, ilvl: number): ListLabel | undefined {
    const num = this.nums.get(numId);
    if (!num) return undefined;
    const levels = this.abstracts.get(num.abstractId) ?? [];
    const lvl = levels[ilvl] ?? { fmt: 'decimal', start: 1, text: `%${ilvl + 1}.` };
    const key = num.abstractId;
    let counts = this.counters.get(key);
    if (!counts) {
      counts = [];
      this.counters.set(key, counts);
    }
    if (!this.startedNums.has(numId)) {
      this.startedNums.add(numId);
      for (const [l, start] of num.overrides) counts[l] = start - 1;
    }
    counts[ilvl] = (counts[ilvl] ?? (levels[ilvl]?.start ?? 1) - 1) + 1;
    // Deeper levels restart when a shallower one advances.
    for (let d = ilvl + 1; d < 9; d++) counts[d] = undefined as unknown as number;
    const label = lvl.text.replace(/%(\d)/g, (_, k: string) => {
      const i = Number(k) - 1;
      const l = levels[i] ?? { fmt: 'decimal', start: 1, text: '' };
      return render(i === ilvl ? lvl.fmt : l.fmt, counts[i] ?? l.start);
    });
    const ordered = lvl.fmt !== 'bullet' && lvl.fmt !== 'none';
    const simple = ordered && lvl.fmt === 'decimal' && new RegExp(`^%${ilvl + 1}[.)]?$`).test(lvl.text);
    return { ordered, number: counts[ilvl], label, simple, abstractId: key };
  }
}
