import { describe, expect, it } from 'vitest';
import { formatQuery, parseQuery, usedOperators } from './operators.js';

describe('parseQuery', () => {
  it('reads every operator of the spec into its own field', () => {
    const q = parseQuery(
      'widgets "sprocket adapter" -beta -"old news" site:example.com -site:spam.com filetype:pdf -filetype:doc ' +
        'inurl:guide -inurl:tmp intitle:acme -intitle:draft related:acme.com imagesize:640x480 larger:100x100',
    );
    expect(q.terms).toEqual(['widgets']);
    expect(q.phrases).toEqual(['sprocket adapter']);
    expect(q.excludedTerms).toEqual(['beta']);
    expect(q.excludedPhrases).toEqual(['old news']);
    expect(q.sites).toEqual(['example.com']);
    expect(q.excludedSites).toEqual(['spam.com']);
    expect(q.filetypes).toEqual(['pdf']);
    expect(q.excludedFiletypes).toEqual(['doc']);
    expect(q.inurl).toEqual(['guide']);
    expect(q.excludedInurl).toEqual(['tmp']);
    expect(q.intitle).toEqual(['acme']);
    expect(q.excludedIntitle).toEqual(['draft']);
    expect(q.related).toBe('acme.com');
    expect(q.imagesize).toEqual({ width: 640, height: 480 });
    expect(q.larger).toEqual({ width: 100, height: 100 });
    expect(q.invalid).toEqual([]);
    expect([...usedOperators(q)].sort()).toEqual(
      ['exclude', 'filetype', 'imagesize', 'inurl', 'intitle', 'larger', 'phrase', 'related', 'site'].sort(),
    );
  });

  it('lets allinurl: and allintitle: take the words that follow', () => {
    expect(parseQuery('allintitle: widget release notes').intitle).toEqual(['widget', 'release', 'notes']);
    const q = parseQuery('allinurl: blog release');
    expect(q.inurl).toEqual(['blog', 'release']);
    expect(q.terms).toEqual([]);
  });

  it('takes quoted operator values, ext: as filetype:, and strips a protocol from site:', () => {
    const q = parseQuery('intitle:"release notes" ext:.PDF site:https://Example.com/blog/');
    expect(q.intitle).toEqual(['release notes']);
    expect(q.filetypes).toEqual(['pdf']);
    expect(q.sites).toEqual(['example.com/blog']);
  });

  it('keeps unreadable operator values as invalid rather than failing', () => {
    const q = parseQuery('imagesize:big filetype:');
    expect(q.invalid).toEqual(['imagesize:big', 'filetype:']);
  });

  it('treats a dash inside a word as part of it, and OR as no word', () => {
    const q = parseQuery('e-mail OR state-of-the-art');
    expect(q.terms).toEqual(['e-mail', 'state-of-the-art']);
  });

  it('writes back only the operators a backend supports', () => {
    const q = parseQuery('widgets "exact words" -beta site:a.com site:b.com inurl:guide');
    expect(formatQuery(q, new Set(['phrase', 'exclude', 'site']))).toBe(
      'widgets "exact words" -beta (site:a.com OR site:b.com)',
    );
    expect(formatQuery(q, new Set())).toBe('widgets exact words');
  });
});
