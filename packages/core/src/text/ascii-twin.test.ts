import { describe, expect, it } from 'vitest';
import { asciiTwin, twinCovers, twinSource } from './ascii-twin.js';

/** Every character a twin covers (all lie below U+2300), and nothing else. */
const COVERED = Array.from({ length: 0x2300 }, (_, i) => String.fromCharCode(i)).filter((ch) =>
  twinCovers(ch),
);

describe('asciiTwin', () => {
  it('spells each property as exactly its members among the covered characters', () => {
    for (const prop of ['L', 'Lu', 'Ll', 'N', 'Nd', 'P', 'S', 'Mn', 'Cf']) {
      const full = new RegExp(`^\\p{${prop}}$`, 'u');
      const twin = new RegExp(twinSource(full.source) as string, 'u');
      const negated = new RegExp(twinSource(`^\\P{${prop}}$`) as string, 'u');
      for (const ch of COVERED) {
        expect([prop, ch, twin.test(ch)]).toEqual([prop, ch, full.test(ch)]);
        expect([prop, ch, negated.test(ch)]).toEqual([prop, ch, !full.test(ch)]);
      }
    }
  });

  // The expressions the PDF layout runs, on ASCII strings made from the characters they look at.
  const patterns = [
    /^(\s)|(\p{Mn})|(\p{Cf})$/u,
    /^[\p{Lu}\p{N}](?: [\p{Lu}\p{N}])*$/u,
    /^\p{L}{2,14}\.?\s*[A-Z]?\d{1,3}(?:\.\d{1,3})*[a-z]?\s*[.:\-–—]/u,
    /\p{L}[\p{L}\s()*/-]*:\s*$/u,
    /^(?:(\d{1,2}(?:\.\d{1,2}){1,3})\.?|[IVX]{1,5}\.|\p{Lu}\p{Ll}{2,12}\s+(?:\d{1,2}|[A-Z]|[IVX]{1,5})[.:]?)\s+[\p{Lu}\d]/u,
    /^[\p{Lu}\d\s&/,'’()–-]+$/u,
    /[^\p{Lu}]+/u,
    /(?<=\p{Ll}{2}[.!?])\s+(?=\p{Lu})/u,
    /[\s\p{P}\p{S}]+/u,
    /-\p{L}*-$/u,
    /^\p{Ll}{1,4}[.)]\s/u,
    /[\p{L},-]$/iu,
  ];
  const alphabet = " aZk5.:-()!?,/&'$+_x1A bcQ9’–•…“”\u00a0©×éÉßüÜñçøÆµ¹½αΩάϐЖяЁ€™ℓ→≤\u00ad\u200b";
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const strings = Array.from({ length: 3000 }, () =>
    Array.from(
      { length: 1 + Math.floor(rand() * 14) },
      () => alphabet[Math.floor(rand() * alphabet.length)],
    ).join(''),
  );
  strings.push(
    'Figure 12.3: Costs',
    '1.2 Scope',
    'Chapter 4. Overview',
    'ABC DEF',
    'A B C',
    'co-op-',
    'It ends. Then More',
  );

  it('gives what the original gives, on covered strings and others', () => {
    for (const re of patterns) {
      const t = asciiTwin(re.source, re.flags);
      expect(t.for('plain ascii').source).not.toBe(re.source);
      for (const s of [...strings, 'Ärger über Öl.', 'İstanbul 2.1 Ünite', 'ﬁnance 3. Été']) {
        expect([re.source, s, t.exec(s)]).toEqual([re.source, s, re.exec(s)]);
        expect(t.test(s)).toBe(re.test(s));
      }
    }
  });

  it('runs the original for strings outside the covered blocks and anything it cannot spell out', () => {
    const t = asciiTwin('^\\p{Lu}', 'u');
    expect(t.for('Über Straße, σ = 2 µm, Жук').source).not.toBe('^\\p{Lu}');
    expect(t.for('It’s – “quoted” •').source).not.toBe('^\\p{Lu}');
    expect(t.for('İstanbul').source).toBe('^\\p{Lu}');
    expect(t.for('ﬁnance')).toBe(t.for('İstanbul'));
    // Once compiled, the original answers every string (it gives what the twin would), so
    // covered strings are no longer scanned for an uncovered character.
    expect(t.for('Über Straße')).toBe(t.for('İstanbul'));
    expect(t.exec('Über')?.[0]).toBe('Ü');
    expect(t.test('über')).toBe(false);
    expect(asciiTwin('\\p{Script=Greek}', 'u').for('abc').source).toBe('\\p{Script=Greek}');
    expect(twinSource('[\\P{L}]')).toBeUndefined();
  });
});
