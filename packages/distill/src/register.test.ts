import { describe, expect, it } from 'vitest';

describe('the lazy parser table of distill', () => {
  it('names exactly the formats each package’s parsers read', async () => {
    const { LAZY_PARSERS } = await import('./register.js');
    const lists: Record<string, { formats: readonly string[] }[]> = {
      '@distill/html': (await import('@distill/html')).htmlParsers,
      '@distill/pdf': [(await import('@distill/pdf')).pdfParser],
      '@distill/office': (await import('@distill/office')).officeParsers,
      '@distill/epub': (await import('@distill/epub')).epubParsers,
    };
    for (const { pkg, formats } of LAZY_PARSERS) {
      const real = (lists[pkg] ?? []).flatMap((p) => p.formats);
      expect([...formats].sort(), pkg).toEqual([...real].sort());
    }
    expect(Object.keys(lists).sort()).toEqual(LAZY_PARSERS.map((l) => l.pkg).sort());
  });
});
