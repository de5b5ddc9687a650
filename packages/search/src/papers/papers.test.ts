import type { DistillError } from 'distill';
import { describe, expect, it } from 'vitest';
import type { IndexedDoc } from '../local/index-format.js';
import { tokenize } from '../local/tokenize.js';
import { metaTags } from './meta-tags.js';
import { similarPapers } from './paper-graph.js';
import { cleanArxiv, cleanDoi, idsInText, primaryIdOf } from './paper-ids.js';
import { passagesOf, readPassages } from './paper-read.js';
import { paperOf } from './paper-record.js';
import { PaperIndex } from './paper-search.js';
import { readPaperQuery } from './search-papers.js';

const PDF_LIKE = `# Sparse Attention for Long Sequence Transformers

### Mira Chen¹, Tomas Alvarez²*

¹ University of Somewhere, ² Example Institute

arXiv:2403.01234v2 [cs.LG] 4 Mar 2024

## Abstract

We introduce a sparse attention pattern that lets transformers read sequences of a million
tokens with linear memory.

## 1 Introduction

Transformers scale quadratically. See doi:10.9999/cited.2019.1 and PMID: 11111111.
`;

describe('paper ids', () => {
  it('reads DOIs, arXiv ids (versions dropped), PMIDs and PMCIDs from text', () => {
    expect(
      idsInText('doi:10.1000/XYZ.12. arXiv:2101.00001v3, arxiv.org/abs/hep-th/9901001 PMID: 123 PMC4567890'),
    ).toEqual({
      arxiv: ['2101.00001', 'hep-th/9901001'],
      doi: ['10.1000/xyz.12'],
      pmid: ['123'],
      pmcid: ['PMC4567890'],
    });
    expect(cleanDoi('https://doi.org/10.5555/ABC);')).toBe('10.5555/abc');
    expect(cleanDoi('not a doi')).toBeUndefined();
    expect(cleanArxiv('https://arxiv.org/pdf/2403.01234v2.pdf')).toBe('2403.01234');
    // Bare digits are not taken for arXiv ids.
    expect(idsInText('version 2403.01234 of the table')).toEqual({});
    expect(primaryIdOf({ doi: ['10.1/x'], pmid: ['5'] })).toBe('pmid:5');
    expect(primaryIdOf({})).toBeUndefined();
  });

  it('reads repeated meta tags, entities decoded', () => {
    const m = metaTags(
      `<meta name="citation_author" content="Ng, A &amp; B"><meta content='Two' name=citation_author><meta property="og:url" content="https://x.org/p">`,
    );
    expect(m.get('citation_author')).toEqual(['Ng, A & B', 'Two']);
    expect(m.get('og:url')).toEqual(['https://x.org/p']);
  });
});

describe('paper records', () => {
  it('a PDF laid out as a paper: title, author line, abstract, arXiv stamp; references and body ids left out', () => {
    const p = paperOf({ markdown: PDF_LIKE, metadata: { title: 'final_v3.pdf' }, path: 'a.pdf' })!;
    expect(p).toMatchObject({
      primaryId: 'arxiv:2403.01234',
      ids: { arxiv: ['2403.01234'] },
      title: 'Sparse Attention for Long Sequence Transformers',
      authors: ['Mira Chen', 'Tomas Alvarez'],
      abstract:
        'We introduce a sparse attention pattern that lets transformers read sequences of a million tokens with linear memory.',
      date: '2024-03-04',
      // What its body names is what it cites (the citation graph of similarPapers).
      cites: ['doi:10.9999/cited.2019.1', 'pmid:11111111'],
    });
    expect(p.paperId).toMatch(/^\d+$/);
    // The same primary id gives the same paperId, build after build.
    expect(paperOf({ markdown: PDF_LIKE, metadata: {}, path: 'b.pdf' })!.paperId).toBe(p.paperId);
  });

  it('an HTML page with citation tags; a page without either is no paper', () => {
    const html = `<meta name="citation_title" content="T"><meta name="citation_author" content="A One"><meta name="citation_author" content="B Two"><meta name="citation_doi" content="10.1234/Abc"><meta name="citation_date" content="2020/1/2">`;
    const p = paperOf({
      markdown: 'Body text.',
      metadata: { description: 'What the page says about itself.' },
      metaTags: metaTags(html),
      path: 'p.html',
    })!;
    expect(p).toMatchObject({
      title: 'T',
      authors: ['A One', 'B Two'],
      ids: { doi: ['10.1234/abc'] },
      primaryId: 'doi:10.1234/abc',
      abstract: 'What the page says about itself.',
      date: '2020-01-02',
    });
    expect(paperOf({ markdown: '# Notes\n\nJust notes.', metadata: {}, path: 'n.md' })).toBeUndefined();
    // A paper without any identifier is still a paper, named by its path.
    const bare = paperOf({
      markdown: '# A Title\n\n## Abstract\n\nForty characters or more of abstract text here.',
      metadata: {},
      path: 'x/y.pdf',
    })!;
    expect(bare.primaryId).toBe('path:x/y.pdf');
    expect(bare.ids).toEqual({});
  });
});

function doc(id: number, paper: Partial<NonNullable<IndexedDoc['paper']>>): IndexedDoc {
  return {
    id,
    url: `file:///p/${id}.pdf`,
    path: `${id}.pdf`,
    title: '',
    description: '',
    date: '2020-01-01T00:00:00Z',
    dateSource: 'mtime',
    filetype: 'pdf',
    format: 'pdf',
    text: '',
    length: 0,
    titleTokens: [],
    images: [],
    paper: {
      paperId: String(id),
      primaryId: `path:${id}`,
      ids: {},
      authors: [],
      abstract: '',
      title: '',
      ...paper,
    },
  };
}

describe('paper search', () => {
  const index = new PaperIndex(
    [
      doc(0, {
        title: 'Tau aggregation inhibitors',
        abstract: 'tau tau protein in disease',
        authors: ['Ana Ruiz'],
        date: '2021-05-01',
      }),
      doc(1, {
        title: 'Protein folding',
        abstract: 'tau appears once',
        authors: ['Bo Li', 'Ana Ruiz'],
        date: '2023-01-10',
      }),
      doc(2, { title: 'Unrelated', abstract: 'nothing here', authors: ['C D'] }),
    ],
    (d: IndexedDoc) => d.url,
  );

  it('ranks by title and abstract, and filters by authors (all must match) and dates (inclusive)', () => {
    expect(index.search({ query: 'tau', k: 10 }).map((r) => r.paperId)).toEqual(['0', '1']);
    expect(index.search({ query: 'tau', k: 1 })).toHaveLength(1);
    expect(index.search({ query: 'tau', k: 10, authors: ['ruiz', 'bo li'] }).map((r) => r.paperId)).toEqual([
      '1',
    ]);
    expect(index.search({ query: 'tau', k: 10, from: '2022-01-01' }).map((r) => r.paperId)).toEqual(['1']);
    expect(index.search({ query: 'tau', k: 10, to: '2021-05-01' }).map((r) => r.paperId)).toEqual(['0']);
    expect(index.search({ query: 'absent', k: 10 })).toEqual([]);
  });

  it('reads the query string the official client sends, refusing what it cannot apply', () => {
    expect(readPaperQuery({ query: 'tau', k: '5', authors: ['A', 'B'], from: '2020-01-01' })).toEqual({
      query: 'tau',
      k: 5,
      authors: ['A', 'B'],
      from: '2020-01-01',
    });
    expect(readPaperQuery({ query: 'tau' }).k).toBe(40);
    const code = (q: Record<string, string>) => {
      try {
        readPaperQuery(q);
        return 'ok';
      } catch (e) {
        return (e as DistillError).code;
      }
    };
    expect(code({})).toBe('BAD_REQUEST');
    expect(code({ query: 'x', k: '0' })).toBe('BAD_REQUEST');
    expect(code({ query: 'x', from: '03/04/2020' })).toBe('BAD_REQUEST');
    expect(code({ query: 'x', categories: 'cs.LG' })).toBe('UNSUPPORTED_OPTION');
  });
});

describe('papers by id, their passages and their citations', () => {
  const a = doc(10, {
    title: 'Seed paper',
    abstract: 'about graphs',
    ids: { arxiv: ['2401.00001'], doi: ['10.1234/seed'] },
    cites: ['doi:10.1234/REF', 'pmid:99'],
  });
  a.text =
    'Intro paragraph about nothing in particular.\n\nThe method counts triangles in sparse graphs quickly.';
  const ref = doc(11, {
    title: 'Referenced graphs',
    abstract: 'graphs graphs',
    ids: { doi: ['10.1234/ref'] },
  });
  const citer = doc(12, {
    title: 'A citer',
    abstract: 'triangles',
    ids: { pmid: ['42'] },
    cites: ['arxiv:2401.00001'],
  });
  const sibling = doc(13, { title: 'Sibling on graphs', abstract: 'graphs', cites: ['doi:10.1234/ref'] });
  const papers = new PaperIndex([a, ref, citer, sibling], (d) => d.url);

  it('finds a paper by paperId, id key, bare arXiv id or URL, and not by what it does not hold', () => {
    for (const r of [
      '10',
      'arxiv:2401.00001',
      '2401.00001v3',
      'https://arxiv.org/abs/2401.00001',
      'DOI:10.1234/SEED',
    ])
      expect(papers.find(r)?.doc.id, r).toBe(10);
    expect(papers.find('pmid:42')?.doc.id).toBe(12);
    expect(papers.find('doi:10.1234/absent')).toBeUndefined();
    expect(papers.find('not an id')).toBeUndefined();
  });

  it('reads the passages of the body that answer a query, best first', () => {
    expect(passagesOf('a\n\nb')).toEqual(['a b']);
    const long = `${'Word one. '.repeat(200)}\n\nTail.`;
    expect(passagesOf(long).every((p) => p.length <= 1200)).toBe(true);
    const e = papers.find('10')!;
    const out = readPassages(e, tokenize('triangles'), 4);
    expect(out.length).toBe(1);
    expect(out[0].text).toContain('counts triangles');
    expect(readPassages(e, tokenize('absentword'), 4)).toEqual([]);
  });

  it('follows citations: references, citers, and similar (direct, shared references)', () => {
    const seed = [papers.find('10')!];
    const ids = (r: ReturnType<typeof similarPapers>) => r.results.map((x) => x.paperId);
    expect(ids(similarPapers(papers, seed, { intent: 'g', mode: 'references', k: 10 }, ['graph']))).toEqual([
      '11',
    ]);
    expect(ids(similarPapers(papers, seed, { intent: 'g', mode: 'citers', k: 10 }, ['graph']))).toEqual([
      '12',
    ]);
    // Similar: the reference and the citer directly, the sibling through the reference both cite.
    const sim = similarPapers(papers, seed, { intent: 'g', mode: 'similar', k: 2 }, ['graph']);
    expect(sim.poolSize).toBe(3);
    expect(sim.truncated).toBe(true);
    expect(sim.results).toHaveLength(2);
    const sib = similarPapers(papers, seed, { intent: 'g', mode: 'similar', k: 10 }, ['graph']).results.find(
      (r) => r.paperId === '13',
    );
    expect(sib?.signals).toMatchObject({ structural: 1, seedOverlap: 1, articleRank: 0 });
    const none = similarPapers(papers, [papers.find('11')!], { intent: 'g', mode: 'references', k: 5 }, [
      'graph',
    ]);
    expect(none.results).toEqual([]);
    expect(none.note).toMatch(/linked/);
  });
});

describe('the research category with a provider that has no paper index', () => {
  it('answers data.research empty with a warning naming the provider, and web results for the other categories', async () => {
    const { search } = await import('../search.js');
    const provider = {
      name: 'webonly',
      capabilities: { sources: new Set(['web'] as const), operators: new Set<never>(), domainFilter: false },
      search: async () => ({
        results: [{ url: 'https://github.com/a/b', title: 'b', description: 'widget repo' }],
      }),
    };
    const res = await search({ query: 'widget', categories: ['research', 'developer'] }, { provider });
    expect(res.data.research).toEqual([]);
    expect(res.data.web!.map((r) => [r.url, r.category])).toEqual([['https://github.com/a/b', 'developer']]);
    expect(res.warning).toMatch(/webonly search provider has none, so data.research is empty/);
  });
});
