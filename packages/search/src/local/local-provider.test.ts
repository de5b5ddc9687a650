import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SearchRequestInput } from 'distill';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SearchResponse, search } from '../index.js';
import { hostOf } from '../query/match.js';
import { registryWithHtml } from '../testing/registry.js';
import { type BuildIndexResult, buildIndex } from './build-index.js';
import { LocalIndex, LocalIndexProvider } from './local-provider.js';

const OFFICE = resolve(process.env.DISTILL_CORPORA ?? resolve(process.cwd(), '../shared/corpora'), 'office');
const PAGES = resolve(process.cwd(), 'fixtures/search/pages');
/** The clock of every tbs test: fixture pages carry dates relative to it. */
const NOW = Date.UTC(2026, 10, 22, 12);

let built: BuildIndexResult;
let index: LocalIndex;

async function run(req: SearchRequestInput): Promise<SearchResponse> {
  return search(req, { provider: new LocalIndexProvider(index), now: NOW });
}

/** The fixture pages a response's web results point to, as paths below the fixtures folder. */
async function pages(req: SearchRequestInput): Promise<string[]> {
  const res = await run({ limit: 100, ...req });
  return (res.data.web ?? [])
    .map((r) => decodeURIComponent(new URL(r.url).pathname))
    .filter((p) => p.includes('/pages/'))
    .map((p) => p.slice(p.indexOf('/pages/') + 7));
}

const hostsOf = (res: SearchResponse) =>
  (res.data.web ?? []).map((r) => {
    const doc = index.data.docs.find((d) => (d.sourceUrl ?? d.url) === r.url)!;
    return hostOf(doc);
  });

beforeAll(async () => {
  // One index over the office corpus and the fixture pages, through links in a scratch folder.
  const root = mkdtempSync(join(tmpdir(), 'distill-search-'));
  symlinkSync(PAGES, join(root, 'pages'));
  if (existsSync(OFFICE)) symlinkSync(OFFICE, join(root, 'office'));
  else console.warn(`corpus not found at ${OFFICE}: indexing the fixture pages only`);
  built = await buildIndex(root, join(root, '.index'), { registry: registryWithHtml() });
  index = await LocalIndex.open(join(root, '.index'));
});

describe('distill index over the office corpus and fixture pages', () => {
  it('counts every file as indexed, skipped (no parser, not a document) or failed', () => {
    const s = built.stats;
    expect(s.indexed + s.skipped + s.failed).toBe(s.files);
    expect(s.indexed).toBeGreaterThanOrEqual(8 + (existsSync(OFFICE) ? 60 : 0));
    expect(built.skipped.find((f) => f.path.endsWith('logo.gif'))?.reason).toMatch(/not a document/);
    const registry = registryWithHtml();
    for (const f of built.skipped) {
      const ext = f.path.slice(f.path.lastIndexOf('.') + 1);
      // A skipped document format is one this build has no parser for.
      if (['docx', 'pptx', 'xlsx', 'pdf', 'epub', 'odt', 'rtf'].includes(ext)) {
        expect(registry.get(ext as 'docx')).toBeUndefined();
        expect(f.reason).toMatch(new RegExp(`no ${ext.toUpperCase()} parser`));
      }
    }
    expect(built.warnings.some((w) => w.includes('logo.gif'))).toBe(true);
  });

  it('stores titles, file URLs, dates from metadata or mtime, hosts from host-named folders and image sizes', () => {
    const doc = index.data.docs.find((d) => d.path === 'pages/docs.example.org/api/reference.html')!;
    expect(doc.title).toBe('API Reference');
    expect(doc.url).toMatch(/^file:\/\/\/.*\/docs\.example\.org\/api\/reference\.html$/);
    expect(doc.date).toBe('2026-09-01T00:00:00.000Z');
    expect(doc.dateSource).toBe('metadata');
    expect(doc.host).toBe('docs.example.org');
    expect(doc.images.map((i) => [i.alt, i.width, i.height])).toEqual([
      ['Widget architecture diagram', 640, 480],
      ['Acme logo', 32, 32],
    ]);
    const csv = index.data.docs.find((d) => d.path === 'pages/data/widget-inventory.csv')!;
    expect(csv.dateSource).toBe('mtime');
    expect(csv.host).toBeUndefined();
  });

  it('finds documents of the corpus by their words and titles', async () => {
    if (!existsSync(OFFICE)) return;
    const res = await run({ query: 'intitle:"restaurant receipt"' });
    expect(res.data.web?.[0].url).toMatch(/kvp_data_example\.html$/);
    const blog = await run({ query: 'inference parameter LLM applications', limit: 3 });
    // The page was saved from the web (its canonical link says where): the result shows that address.
    expect(blog.data.web?.[0].url).toBe(
      'https://microsoft.github.io/autogen/blog/2023/04/21/LLM-tuning-math',
    );
  });
});

describe('local provider: query operators', () => {
  it('ranks by BM25 over titles and bodies, plurals included', async () => {
    const res = await run({ query: 'sprocket adapter' });
    expect(res.success).toBe(true);
    expect(res.data.web!.length).toBeGreaterThan(1);
    expect(res.data.web![0].title).toMatch(/Release Notes|Getting Started/);
    expect(await pages({ query: 'widgets' })).toContain('example.com/blog/release-notes.html');
  });

  it('"phrase" matches the exact words in order', async () => {
    const got = await pages({ query: '"sprocket adapter"' });
    expect(got.sort()).toEqual([
      'example.com/blog/release-notes.html',
      'example.com/guide/getting-started.html',
    ]);
    expect(await pages({ query: '"adapter sprocket"' })).toEqual([]);
  });

  it('- excludes a word or a phrase', async () => {
    const all = await pages({ query: 'widget' });
    expect(all).toContain('example.com/blog/old-announcement.html');
    expect(await pages({ query: 'widget -beta' })).not.toContain('example.com/blog/old-announcement.html');
    const noHot = await pages({ query: 'widget -"hot reloading"' });
    expect(noHot).not.toContain('example.com/blog/release-notes.html');
    expect(noHot).toContain('example.com/guide/getting-started.html');
  });

  it('site: keeps one site (with an optional path), -site: drops it', async () => {
    const res = await run({ query: 'widget site:example.com', limit: 100 });
    expect(res.data.web!.length).toBe(3);
    expect(hostsOf(res).every((h) => h === 'example.com')).toBe(true);
    expect((await pages({ query: 'widget site:example.com/blog' })).sort()).toEqual([
      'example.com/blog/old-announcement.html',
      'example.com/blog/release-notes.html',
    ]);
    const without = await run({ query: 'widget -site:example.com', limit: 100 });
    expect(hostsOf(without)).not.toContain('example.com');
    expect(hostsOf(without)).toContain('docs.example.org');
    // A file without a host matches site: on its folders.
    expect(await pages({ query: 'widget site:pages/data' })).toEqual(['data/widget-inventory.csv']);
  });

  it('filetype: keeps an extension, -filetype: drops it', async () => {
    expect(await pages({ query: 'widget filetype:csv' })).toEqual(['data/widget-inventory.csv']);
    const res = await run({ query: 'table filetype:csv', limit: 100 });
    expect(res.data.web!.every((r) => r.url.endsWith('.csv'))).toBe(true);
    expect((await pages({ query: 'widget -filetype:html' })).every((p) => !p.endsWith('.html'))).toBe(true);
    const pdf = await run({ query: 'widget filetype:pdf' });
    expect(pdf.data.web!.every((r) => r.url.endsWith('.pdf'))).toBe(true);
  });

  it('inurl: and allinurl: look in the URL', async () => {
    expect((await pages({ query: 'widget inurl:blog' })).sort()).toEqual([
      'example.com/blog/old-announcement.html',
      'example.com/blog/release-notes.html',
    ]);
    expect(await pages({ query: 'allinurl: blog release' })).toEqual(['example.com/blog/release-notes.html']);
    expect(await pages({ query: 'widget -inurl:blog' })).not.toContain('example.com/blog/release-notes.html');
  });

  it('intitle: and allintitle: look in the title', async () => {
    expect(await pages({ query: 'intitle:quantum' })).toEqual(['arxiv.org/abs/2611.01234.html']);
    expect(await pages({ query: 'allintitle: widget release notes' })).toEqual([
      'example.com/blog/release-notes.html',
    ]);
    const noTitle = await pages({ query: 'widget -intitle:widget' });
    expect(noTitle).not.toContain('example.com/blog/release-notes.html');
    expect(noTitle).toContain('example.com/guide/getting-started.html');
  });

  it('related: finds documents like those of a domain, from other domains', async () => {
    const res = await run({ query: 'related:example.com', limit: 100 });
    expect(res.data.web!.length).toBeGreaterThan(0);
    expect(hostsOf(res)).not.toContain('example.com');
    const none = await run({ query: 'related:unknown-site.test' });
    expect(none.data.web).toEqual([]);
    expect(none.warning).toMatch(/no indexed documents come from unknown-site\.test/);
  });

  it('imagesize: and larger: filter images by their dimensions', async () => {
    const exact = await run({ query: 'widget imagesize:640x480', sources: ['images'] });
    expect(exact.data.images!.map((i) => i.title)).toEqual(['Widget architecture diagram']);
    const larger = await run({ query: 'larger:100x100', sources: ['images'] });
    expect(larger.data.images!.map((i) => [i.imageWidth, i.imageHeight])).toEqual([[640, 480]]);
    const both = await run({ query: 'acme larger:10x10', sources: ['images'] });
    expect(both.data.images!.length).toBe(2);
    expect(both.data.images![0].title).toBe('Acme logo');
    expect((await run({ query: 'imagesize:1x1', sources: ['images'] })).data.images).toEqual([]);
  });
});

describe('local provider: sources', () => {
  it('images: every image of matching documents, with sizes, page URL and position', async () => {
    const res = await run({ query: 'architecture diagram', sources: ['images'] });
    expect(Object.keys(res.data)).toEqual(['images']);
    const [img] = res.data.images!;
    expect(img).toMatchObject({
      title: 'Widget architecture diagram',
      imageWidth: 640,
      imageHeight: 480,
      position: 1,
    });
    expect(img.imageUrl).toMatch(/^file:\/\/\/.*architecture-diagram\.png$/);
    expect(img.url).toMatch(/reference\.html$/);
    const gif = await run({ query: 'acme filetype:gif', sources: ['images'] });
    expect(gif.data.images!.map((i) => i.title)).toEqual(['Acme logo']);
  });

  it('web and images together, in the order asked; news is empty with a warning', async () => {
    const res = await run({ query: 'widget', sources: ['images', 'web', 'news'] });
    expect(Object.keys(res.data)).toEqual(['images', 'web', 'news']);
    expect(res.data.news).toEqual([]);
    expect(res.warning).toMatch(/cannot search news/);
  });
});

describe('local provider: tbs', () => {
  const fixturesIn = (got: string[]) => got.filter((p) => !p.startsWith('data/')).sort();

  it('qdr:h, qdr:d, qdr:w, qdr:m and qdr:y', async () => {
    expect(fixturesIn(await pages({ query: 'widget', tbs: 'qdr:h' }))).toEqual([
      'news.example.net/2026/widget-market.html',
    ]);
    expect(fixturesIn(await pages({ query: 'widget', tbs: 'qdr:d' }))).toEqual([
      'news.example.net/2026/widget-market.html',
    ]);
    expect(fixturesIn(await pages({ query: 'widget', tbs: 'qdr:w' }))).toEqual([
      'example.com/guide/getting-started.html',
      'github.com/acme/widgets/README.html',
      'news.example.net/2026/widget-market.html',
    ]);
    expect(fixturesIn(await pages({ query: 'widget', tbs: 'qdr:m' }))).toEqual([
      'example.com/blog/release-notes.html',
      'example.com/guide/getting-started.html',
      'github.com/acme/widgets/README.html',
      'news.example.net/2026/widget-market.html',
    ]);
    const year = fixturesIn(await pages({ query: 'widget', tbs: 'qdr:y' }));
    expect(year).toContain('docs.example.org/api/reference.html');
    expect(year).not.toContain('example.com/blog/old-announcement.html');
  });

  it('cdr:1 with cd_min and cd_max, both days included', async () => {
    expect(
      fixturesIn(await pages({ query: 'widget', tbs: 'cdr:1,cd_min:11/1/2026,cd_max:11/20/2026' })),
    ).toEqual(['example.com/blog/release-notes.html', 'github.com/acme/widgets/README.html']);
    expect(fixturesIn(await pages({ query: 'widget', tbs: 'cdr:1,cd_max:1/1/2025' }))).toEqual([
      'example.com/blog/old-announcement.html',
    ]);
  });

  it('sbd:1 sorts by date, newest first, alone or with a range', async () => {
    const sorted = fixturesIn(await pages({ query: 'widget', tbs: 'sbd:1' }));
    expect(sorted.length).toBe(7);
    const res = await run({ query: 'widget site:example.com', tbs: 'sbd:1' });
    expect(res.data.web!.map((r) => r.title)).toEqual([
      'Getting Started with Acme Widgets',
      'Widget 2.0 Release Notes',
      'Announcing the Widget Beta',
    ]);
    const week = await run({ query: 'widget', tbs: 'sbd:1,qdr:w', limit: 100 });
    const titles = week.data.web!.map((r) => r.title).filter((t) => !t.endsWith('.csv'));
    expect(titles).toEqual([
      'Widget Market Grows',
      'Getting Started with Acme Widgets',
      'acme/widgets README',
    ]);
  });

  it("the web source's own tbs replaces the request's", async () => {
    const res = await run({ query: 'widget', tbs: 'qdr:y', sources: [{ type: 'web', tbs: 'qdr:h' }] });
    expect(res.data.web!.map((r) => r.title)).toEqual(['Widget Market Grows']);
  });
});

describe('local provider: domain filters, categories, highlights', () => {
  it('includeDomains keeps a host and its subdomains; excludeDomains drops them', async () => {
    const inc = await run({ query: 'widget', includeDomains: ['example.com'], limit: 100 });
    expect(new Set(hostsOf(inc))).toEqual(new Set(['example.com']));
    const sub = await run({ query: 'widget', includeDomains: ['example.org'], limit: 100 });
    expect(hostsOf(sub)).toEqual(['docs.example.org']);
    const exc = await run({ query: 'widget', excludeDomains: ['example.com', 'arxiv.org'], limit: 100 });
    expect(hostsOf(exc)).not.toContain('example.com');
    expect(hostsOf(exc)).not.toContain('arxiv.org');
    expect(hostsOf(exc)).toContain('github.com');
  });

  it('categories restrict by site: or filetype: and tag each result; research answers paper records', async () => {
    const res = await run({ query: 'widget', categories: ['research', 'developer'], limit: 100 });
    expect(res.data.web!.map((r) => [r.title, r.category])).toEqual([['acme/widgets README', 'developer']]);
    // The versioning rule is in force: research results are paper records in data.research.
    expect(res.data.research).toEqual([
      {
        paperId: expect.stringMatching(/^\d+$/),
        primaryId: 'arxiv:2611.01234',
        ids: { arxiv: ['2611.01234'] },
        title: 'Quantum Widgets: A Formal Study',
        abstract: 'We study quantum widgets and prove bounds on the entanglement of sprockets.',
        score: expect.any(Number),
        url: expect.stringMatching(/^file:.*2611\.01234\.html$/),
      },
    ]);
    expect(res.warning).toBeNull();
    const pdf = await run({ query: 'widget', categories: [{ type: 'pdf' }] });
    expect(pdf.data.web!.every((r) => r.url.endsWith('.pdf') && r.category === 'pdf')).toBe(true);
    expect((await run({ query: 'widget', categories: ['developer'] })).warning).toBeNull();
  });

  it('highlights: query-relevant sentences by default, the document description when false', async () => {
    const q = { query: 'install sprocket adapter site:example.com/guide' };
    const on = await run(q);
    expect(on.data.web![0].description).toBe(
      'This guide explains how to install widgets and configure the sprocket adapter.',
    );
    const off = await run({ ...q, highlights: false });
    expect(off.data.web![0].description).toBe('A guide to installing Acme widgets.');
  });

  it('ignoreInvalidURLs drops file:// results (the scrape operation rejects them); country and safe change nothing offline', async () => {
    const base = await run({ query: 'widget', limit: 100 });
    expect(base.data.web!.some((r) => r.url.startsWith('file:'))).toBe(true);
    const valid = await run({
      query: 'widget',
      limit: 100,
      ignoreInvalidURLs: true,
      country: 'DE',
      safe: true,
    });
    expect(valid.data.web!.map((r) => r.url)).toEqual(
      base.data.web!.map((r) => r.url).filter((u) => !u.startsWith('file:')),
    );
  });

  it('limit applies per source type, and credits count 2 per 10 results', async () => {
    const res = await run({ query: 'widget', limit: 3, sources: ['web', 'images'] });
    expect(res.data.web!.length).toBe(3);
    expect(res.data.images!.length).toBe(2);
    expect(res.creditsUsed).toBe(2);
    const zdr = await run({ query: 'widget', limit: 3, enterprise: ['zdr'] });
    expect(zdr.creditsUsed).toBe(10);
    expect(typeof res.id).toBe('string');
  });
});
