import { describe, expect, it } from 'vitest';
import { DistillError } from '../errors/distill-error.js';
import { parseOptionsSchema } from './parse-options.js';
import { scrapeOptionsSchema } from './scrape-options.js';
import { searchRequestSchema } from './search-request.js';
import { validate } from './validate.js';

const fields = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DistillError);
    const err = e as DistillError;
    expect(err.status).toBe(400);
    expect(err.code).toBe('BAD_REQUEST');
    return (err.details as { field: string }[]).map((d) => d.field);
  }
  throw new Error('expected a validation error');
};
const search = (body: unknown) => validate(searchRequestSchema, body);
const parseOpts = (body: unknown) => validate(parseOptionsSchema, body);
const scrape = (body: unknown) => validate(scrapeOptionsSchema, body);

describe('search request schema (spec: Search request body)', () => {
  it('applies every stated default', () => {
    const r = search({ query: 'q' });
    expect(r.limit).toBe(10);
    expect(r.sources).toEqual([{ type: 'web' }]);
    expect(r.categories).toEqual([]);
    expect(r.country).toBe('US');
    expect(r.timeout).toBe(60000);
    expect(r.ignoreInvalidURLs).toBe(false);
    expect(r.highlights).toBe(true);
    expect(r.safe).toBeUndefined();
    expect(r.scrapeOptions.onlyMainContent).toBe(true);
  });

  it('requires query, at most 500 characters', () => {
    expect(fields(() => search({}))).toEqual(['query']);
    expect(search({ query: 'x'.repeat(500) }).query).toHaveLength(500);
    expect(fields(() => search({ query: 'x'.repeat(501) }))).toEqual(['query']);
  });

  it('bounds limit to 1..100 integers', () => {
    expect(search({ query: 'q', limit: 1 }).limit).toBe(1);
    expect(search({ query: 'q', limit: 100 }).limit).toBe(100);
    expect(fields(() => search({ query: 'q', limit: 0 }))).toEqual(['limit']);
    expect(fields(() => search({ query: 'q', limit: 101 }))).toEqual(['limit']);
    expect(fields(() => search({ query: 'q', limit: 2.5 }))).toEqual(['limit']);
  });

  it('takes sources and categories as strings or objects', () => {
    const r = search({
      query: 'q',
      sources: ['web', { type: 'images' }, 'news', 'catalogue'],
      categories: ['pdf', { type: 'research' }],
    });
    expect(r.sources.map((s) => s.type)).toEqual(['web', 'images', 'news', 'catalogue']);
    expect(r.categories.map((c) => c.type)).toEqual(['pdf', 'research']);
    expect(
      search({ query: 'q', sources: [{ type: 'web', tbs: 'qdr:d', location: 'Berlin,Germany' }] }).sources[0],
    ).toMatchObject({ tbs: 'qdr:d' });
    expect(fields(() => search({ query: 'q', sources: ['video'] }))).toEqual(['sources.0.type']);
    expect(fields(() => search({ query: 'q', sources: [{ type: 'catalogue', tbs: 'qdr:d' }] }))).toEqual([
      'sources.0',
    ]);
    expect(fields(() => search({ query: 'q', categories: ['music'] }))).toEqual(['categories.0.type']);
  });

  it('takes hostnames only in includeDomains/excludeDomains, and not both', () => {
    expect(
      search({ query: 'q', includeDomains: ['example.com', 'docs.python.org'] }).includeDomains,
    ).toHaveLength(2);
    expect(fields(() => search({ query: 'q', includeDomains: ['https://example.com'] }))).toEqual([
      'includeDomains.0',
    ]);
    expect(fields(() => search({ query: 'q', excludeDomains: ['example.com/path'] }))).toEqual([
      'excludeDomains.0',
    ]);
    expect(fields(() => search({ query: 'q', includeDomains: ['example.com:8080'] }))).toEqual([
      'includeDomains.0',
    ]);
    expect(
      fields(() => search({ query: 'q', includeDomains: ['a.com'], excludeDomains: ['b.com'] })),
    ).toEqual(['excludeDomains']);
  });

  it('accepts the tbs forms, alone and combined, and refuses others', () => {
    for (const tbs of [
      'qdr:h',
      'qdr:d',
      'qdr:w',
      'qdr:m',
      'qdr:y',
      'sbd:1',
      'cdr:1,cd_min:01/01/2024,cd_max:12/31/2024',
      'sbd:1,qdr:w',
    ]) {
      expect(search({ query: 'q', tbs }).tbs).toBe(tbs);
    }
    expect(fields(() => search({ query: 'q', tbs: 'qdr:x' }))).toEqual(['tbs']);
    expect(fields(() => search({ query: 'q', tbs: 'last week' }))).toEqual(['tbs']);
  });

  it('rejects unknown fields but accepts the official clients’ origin and integration', () => {
    expect(search({ query: 'q', origin: 'js-sdk', integration: 'x' }).origin).toBe('js-sdk');
    expect(fields(() => search({ query: 'q', color: 'blue' }))).toEqual(['(root)']);
  });

  it('validates enterprise and threat protection', () => {
    expect(search({ query: 'q', enterprise: ['anon', 'zdr'] }).enterprise).toEqual(['anon', 'zdr']);
    expect(fields(() => search({ query: 'q', enterprise: ['gold'] }))).toEqual(['enterprise.0']);
    expect(fields(() => search({ query: 'q', threatProtection: { riskScoreThreshold: 101 } }))).toEqual([
      'threatProtection.riskScoreThreshold',
    ]);
    expect(fields(() => search({ query: 'q', threatProtection: { blacklist: ['https://x.com'] } }))).toEqual([
      'threatProtection.blacklist.0',
    ]);
    expect(fields(() => search({ query: 'q', threatProtection: { blockedTlds: ['.zip'] } }))).toEqual([
      'threatProtection.blockedTlds.0',
    ]);
    expect(
      fields(() =>
        search({
          query: 'q',
          threatProtection: { whitelist: Array.from({ length: 1001 }, (_, i) => `d${i}.com`) },
        }),
      ),
    ).toEqual(['threatProtection.whitelist']);
  });
});

describe('scrape options schema (spec: ScrapeOptions)', () => {
  it('applies every stated default', () => {
    const o = scrape({});
    expect(o).toMatchObject({
      onlyMainContent: true,
      onlyCleanContent: false,
      waitFor: 0,
      mobile: false,
      skipTlsVerification: true,
      timeout: 60000,
      parsers: [
        {
          type: 'pdf',
          mode: 'auto',
          pages: false,
          blocks: false,
          pageMarkers: false,
          continuedTables: 'join',
        },
      ],
      removeBase64Images: true,
      blockAds: true,
      proxy: 'auto',
      storeInCache: true,
      lockdown: false,
      redactPII: false,
    });
  });

  it('bounds timeout to 1000..300000', () => {
    expect(scrape({ timeout: 1000 }).timeout).toBe(1000);
    expect(scrape({ timeout: 300000 }).timeout).toBe(300000);
    expect(fields(() => scrape({ timeout: 999 }))).toEqual(['timeout']);
    expect(fields(() => scrape({ timeout: 300001 }))).toEqual(['timeout']);
  });

  it('validates formats, including the extra fields of screenshot, json and changeTracking', () => {
    const o = scrape({
      formats: [
        'markdown',
        { type: 'screenshot', fullPage: true, quality: 80, viewport: { width: 800, height: 600 } },
      ],
    });
    expect(o.formats?.[1]).toMatchObject({ type: 'screenshot', fullPage: true });
    expect(scrape({ formats: [{ type: 'changeTracking' }] }).formats?.[0]).toMatchObject({ tag: null });
    expect(scrape({ formats: [{ type: 'json', prompt: 'x' }] }).formats?.[0]).toMatchObject({
      checkPromptInjection: false,
    });
    expect(fields(() => scrape({ formats: [{ type: 'screenshot', quality: 0 }] }))).toEqual([
      'formats.0.quality',
    ]);
    expect(fields(() => scrape({ formats: [{ type: 'screenshot', viewport: { width: 800 } }] }))).toEqual([
      'formats.0.viewport.height',
    ]);
    expect(fields(() => scrape({ formats: ['pdf'] }))).toEqual(['formats.0.type']);
  });

  it('validates the pdf parser: mode, maxPages 1..10000, no extra properties', () => {
    expect(fields(() => scrape({ parsers: [{ type: 'pdf', furniture: 'hide' }] }))).toEqual([
      'parsers.0.furniture',
    ]);
    expect(scrape({ parsers: ['pdf'] }).parsers).toEqual([
      // furniture, lines and continuedTables: distill's own keys (options/pdf-own.ts).
      {
        type: 'pdf',
        mode: 'auto',
        pages: false,
        blocks: false,
        pageMarkers: false,
        continuedTables: 'join',
        furniture: 'drop',
        lines: false,
      },
    ]);
    expect(scrape({ parsers: [] }).parsers).toEqual([]);
    expect(scrape({ parsers: [{ type: 'pdf', maxPages: 10000 }] }).parsers[0].maxPages).toBe(10000);
    expect(fields(() => scrape({ parsers: [{ type: 'pdf', maxPages: 0 }] }))).toEqual(['parsers.0.maxPages']);
    expect(fields(() => scrape({ parsers: [{ type: 'pdf', maxPages: 10001 }] }))).toEqual([
      'parsers.0.maxPages',
    ]);
    expect(fields(() => scrape({ parsers: [{ type: 'pdf', mode: 'turbo' }] }))).toEqual(['parsers.0.mode']);
    expect(fields(() => scrape({ parsers: [{ type: 'pdf', dpi: 300 }] }))).toEqual(['parsers.0']);
  });

  it('validates actions', () => {
    const o = scrape({
      actions: [
        { type: 'wait', milliseconds: 500 },
        { type: 'wait', selector: '#x' },
        { type: 'click', selector: 'button' },
        { type: 'write', text: 'hi' },
        { type: 'press', key: 'Enter' },
        { type: 'scroll' },
        { type: 'scrape' },
        { type: 'executeJavascript', script: 'return 1' },
        { type: 'screenshot' },
        { type: 'pdf' },
      ],
    });
    expect(o.actions?.[2]).toMatchObject({ all: false });
    expect(o.actions?.[5]).toMatchObject({ direction: 'down' });
    expect(o.actions?.[9]).toMatchObject({ format: 'Letter', landscape: false, scale: 1 });
    expect(fields(() => scrape({ actions: [{ type: 'wait' }] }))).toEqual(['actions.0']);
    expect(fields(() => scrape({ actions: [{ type: 'wait', milliseconds: 5, selector: 'x' }] }))).toEqual([
      'actions.0',
    ]);
    expect(fields(() => scrape({ actions: [{ type: 'click' }] }))).toEqual(['actions.0']);
  });

  it('validates location, profile and redactPII', () => {
    expect(scrape({ location: {} }).location).toEqual({ country: 'US' });
    expect(fields(() => scrape({ location: { country: 'de' } }))).toEqual(['location.country']);
    expect(scrape({ profile: { name: 'p' } }).profile).toEqual({ name: 'p', saveChanges: true });
    expect(fields(() => scrape({ profile: { name: '' } }))).toEqual(['profile.name']);
    expect(fields(() => scrape({ profile: { name: 'x'.repeat(129) } }))).toEqual(['profile.name']);
    expect(scrape({ redactPII: true }).redactPII).toBe(true);
    expect(scrape({ redactPII: { entities: ['email'] } }).redactPII).toEqual({
      mode: 'replace',
      entities: ['email'],
      replacement: 'type',
    });
  });
});

describe('parse options schema (spec: Parse request options)', () => {
  it('defaults formats to markdown and the pdf parser to auto, with the scrape defaults', () => {
    const o = parseOpts({});
    expect(o.formats).toEqual([{ type: 'markdown' }]);
    expect(o.parsers).toEqual([
      // furniture, lines and continuedTables: distill's own keys (options/pdf-own.ts).
      {
        type: 'pdf',
        mode: 'auto',
        pages: false,
        blocks: false,
        pageMarkers: false,
        continuedTables: 'join',
        furniture: 'drop',
        lines: false,
      },
    ]);
    expect(o).toMatchObject({
      onlyMainContent: true,
      removeBase64Images: true,
      timeout: 60000,
      zeroDataRetention: false,
      redactPII: false,
    });
  });

  it('takes formats and parsers as plain strings', () => {
    const o = parseOpts({ formats: ['markdown', 'html', 'links'], parsers: ['pdf'] });
    expect(o.formats.map((f) => f.type)).toEqual(['markdown', 'html', 'links']);
  });

  it('rejects keys the spec does not list, and bad bounds', () => {
    expect(fields(() => parseOpts({ waitFor: 100 }))).toEqual(['(root)']);
    expect(fields(() => parseOpts({ timeout: 10 }))).toEqual(['timeout']);
    expect(fields(() => parseOpts({ parsers: [{ type: 'pdf', maxPages: 20000 }] }))).toEqual([
      'parsers.0.maxPages',
    ]);
  });

  it('lists every failing field in details', () => {
    expect(
      fields(() => parseOpts({ timeout: 'soon', onlyMainContent: 'yes', formats: ['nope'] })).sort(),
    ).toEqual(['formats.0.type', 'onlyMainContent', 'timeout'].sort());
  });
});

describe('the chunks format (distill’s own)', () => {
  const parseOpts = (v: unknown) => validate(parseOptionsSchema, v);
  const fieldsOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return ((e as { details?: { field: string }[] }).details ?? []).map((d) => d.field);
    }
    return [];
  };
  it('takes the plain string and the object form, with its bounds', () => {
    expect(parseOpts({ formats: ['chunks'] }).formats).toEqual([{ type: 'chunks', overlap: 0 }]);
    expect(
      parseOpts({ formats: [{ type: 'chunks', size: 800, unit: 'tokens', tokenizer: 'cl100k_base' }] })
        .formats,
    ).toEqual([{ type: 'chunks', size: 800, unit: 'tokens', tokenizer: 'cl100k_base', overlap: 0 }]);
    expect(fieldsOf(() => parseOpts({ formats: [{ type: 'chunks', size: 3 }] }))).toEqual(['formats.0.size']);
    expect(fieldsOf(() => parseOpts({ formats: [{ type: 'chunks', tokenizer: 'bert' }] }))).toEqual([
      'formats.0.tokenizer',
    ]);
    expect(fieldsOf(() => parseOpts({ formats: ['markdown', { type: 'chunks', overlap: 2000 }] }))).toEqual([
      'formats.1.overlap',
    ]);
    expect(fieldsOf(() => parseOpts({ formats: [{ type: 'chunks', maxChars: 10 }] }))).toEqual(['formats.0']);
  });
});
