import { toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';

/** Hand-written pages for the rules that trim an article's edges and the regions beside it (issue 21). */

const md = (html: string) => toMarkdown(htmlToDoc(html, {}).blocks).markdown;
const long = (n: number, tag: string) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>${tag} paragraph ${i} of the report, long enough to read as real prose, with commas, clauses, and a point to make about the subject at hand; it goes on for a while, and then for a while longer, before it comes to its end.</p>`,
  ).join('');

describe('refine: a section after the prose with no text of its own', () => {
  it('ends the article before a trailing heading that only short lines and links follow', () => {
    for (const [head, rest] of [
      ['Neueste Artikel', '<p><a href="/a">Ein anderer Artikel</a></p><p><a href="/b">Noch einer</a></p>'],
      ['Artikel bewerten', '<p>1 2 3 4 5</p>'],
      ['Kommentieren', '<p>Sie müssen sich <a href="/login">einloggen</a>.</p>'],
    ]) {
      const out = md(`<body><div class="post">${long(6, 'A')}<h2>${head}</h2>${rest}</div></body>`);
      expect(out, head).toContain('A paragraph 5 of the report');
      expect(out, head).not.toContain(head);
    }
  });

  it('keeps a closing section with text, code or a table, and an FAQ whose answers are subsections', () => {
    const faq = Array.from(
      { length: 3 },
      (_, i) =>
        `<h3>Question ${i}?</h3><p>Answer ${i}: usually between ten and forty, depending on the format.</p>`,
    ).join('');
    const out = md(
      `<body><div class="post">${long(6, 'A')}<h2>Run it</h2><pre><code>make all</code></pre><h2>FAQ</h2>${faq}<h2>In short</h2><p>All told, the works ran three weeks late, but the quay is open to boats again.</p></div></body>`,
    );
    expect(out).toContain('make all');
    expect(out).toContain('## FAQ');
    expect(out).toContain('Answer 2: usually');
    expect(out).toContain('the quay is open to boats again');
  });
});

describe('refine: the heading of a reader-comments section', () => {
  const comments =
    '<p>Great piece, thanks for writing it up so clearly and with all the figures.</p><p><a href="/u/1">Anna</a> 3 March</p><p>I disagree with the second half of it, for reasons I gave before on this site.</p>';
  it('ends the article at "3 Comments", "Leave a Reply", "12 thoughts on …", in several languages', () => {
    for (const head of [
      '3 Comments',
      'Leave a Reply',
      '12 thoughts on “The quay”',
      'Kommentare (4)',
      'Laisser un commentaire',
    ]) {
      const out = md(`<body><div class="post">${long(6, 'A')}<h3>${head}</h3>${comments}</div></body>`);
      expect(out, head).toContain('A paragraph 5 of the report');
      expect(out, head).not.toContain(head);
      expect(out, head).not.toContain('Great piece');
    }
  });

  it('keeps prose that only mentions a discussion', () => {
    const out = md(
      `<body><div class="post">${long(6, 'A')}<p>Comments from the harbour master followed in the spring.</p>${long(1, 'B')}</div></body>`,
    );
    expect(out).toContain('Comments from the harbour master');
  });

  it('on a page declared a Q&A thread, the replies under "Comments" stay', () => {
    const ld = '<script type="application/ld+json">{"@type":"QAPage"}</script>';
    const out = md(
      `<html><head>${ld}</head><body><div class="q">${long(6, 'A')}<h2>Comments</h2>${long(1, 'Reply')}</div></body></html>`,
    );
    expect(out).toContain('Reply paragraph 0');
  });
});

describe('main-content filter: a page that declares itself an article', () => {
  const og = '<meta property="og:type" content="article">';
  const replies = Array.from(
    { length: 8 },
    (_, i) =>
      `<p>Reader reply ${i}: I have lived by the harbour for years, and the works were long overdue, whatever the council says about the cost of them now.</p>`,
  ).join('');
  const page = (head: string) =>
    `<html><head>${head}</head><body><div class="post"><p>The north quay closes for repairs from the third to the ninth of March; moorings move to the south pontoon for the duration of the works, the harbour office said.</p><p>Boats already berthed may stay, but no new berths are let until the quay reopens, and the fuel dock keeps its usual hours throughout.</p><p>The works were planned last autumn and put off twice, once for the weather and once for want of the steel.</p></div><div id="comments">${replies}</div></body></html>`;

  it("drops a short story's comments, however long they run", () => {
    const out = md(page(og));
    expect(out).toContain('The north quay closes');
    expect(out).not.toContain('Reader reply 3');
  });

  it('keeps them when nothing says the page is an article (a thread may be the content)', () => {
    expect(md(page(''))).toContain('Reader reply 3');
  });

  it('drops a teaser grid beside a short declared story, not one beside an undeclared page', () => {
    const cards = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="c"><a href="/s${i}"><h3>Other story number ${i} from the harbour</h3></a><p>A line of excerpt for story ${i}, with some words.</p></div>`,
    ).join('');
    const html = (head: string) =>
      `<html><head>${head}</head><body><div class="post"><p>The north quay closes for repairs from the third to the ninth of March; moorings move to the south pontoon for the duration of the works, the harbour office said today.</p><p>Boats already berthed may stay, but no new berths are let until the quay reopens, and the fuel dock keeps its usual hours throughout.</p><p>The works were planned last autumn and put off twice, once for the weather and once for want of the steel.</p></div><div class="more">${cards}</div></body></html>`;
    expect(md(html(og))).not.toContain('Other story number 2');
    expect(md(html(og))).toContain('The north quay closes');
    expect(md(html(''))).toContain('Other story number 2');
  });
});

describe('refine: bylines and datelines at the edges of the prose', () => {
  it('drops "By …", "Published …" and "Von …" lines before the article, even on a code-heavy post', () => {
    const code = Array.from(
      { length: 6 },
      (_, i) => `<pre><code>result = step${i}(result, options)</code></pre>`,
    ).join('');
    const out = md(
      `<body><article><p>By <a href="/about">Ben Nadel</a></p><p>Published 2025-12-20 in <a href="/t">ColdFusion</a></p><p>Von Sina Giebel</p>${long(2, 'A')}${code}</article></body>`,
    );
    expect(out).toContain('A paragraph 1 of the report');
    expect(out).toContain('result = step5');
    expect(out).not.toContain('Ben Nadel');
    expect(out).not.toContain('Published 2025');
    expect(out).not.toContain('Sina Giebel');
  });

  it('keeps a sentence that starts with "By"; inside the prose drops a byline, keeps a line opening what follows', () => {
    // One byline policy (session 16): a dateline between long paragraphs goes as it does at the
    // edges; a line ending in a colon leads into the text below it and stays.
    const out = md(
      `<body><article><p>By 2030, half of the harbour's moorings will be moved to the new south pontoon.</p>${long(3, 'A')}<p>Published 19 February 2020</p><p>By the harbour board's count:</p>${long(3, 'B')}</article></body>`,
    );
    expect(out).toContain('By 2030, half');
    expect(out).not.toContain('Published 19 February');
    expect(out).toContain("By the harbour board's count:");
  });
});

describe('refine: the title above a linked byline', () => {
  it('keeps the h1 when a linked byline stands between it and the text', () => {
    const out = md(
      `<body><main><h1>North quay closes for repairs</h1><p>By <a href="/staff/jane">Jane Doe</a></p>${long(4, 'A')}</main></body>`,
    );
    expect(out).toMatch(/^# North quay closes for repairs/);
    expect(out).not.toContain('Jane Doe');
  });
});

describe('refine: a line that points to another story, told by its shape', () => {
  it('keeps a plain "Label: [other story]" paragraph (inline-teaser dropped in session 12)', () => {
    const out = md(
      `<body><article>${long(2, 'A')}<p>Lea más: <a href="/x">Otra noticia sobre el puerto del norte</a></p><p>Read the <a href="/r">full council report on the quay</a> for the costs.</p>${long(2, 'B')}</article></body>`,
    );
    expect(out).toContain('Otra noticia');
    expect(out).toContain('full council report on the quay');
    expect(out).toContain('B paragraph 1 of the report');
  });

  it('drops the same line set in bold from end to end (teaser-emphasis), keeps a cited source', () => {
    const out = md(
      `<body><article>${long(2, 'A')}<p><strong>Lea más: <a href="/x">Otra noticia sobre el puerto del norte</a></strong></p><p><em>Source: <a href="https://example.org/s">Harbour survey of the year 2022</a></em></p>${long(2, 'B')}</article></body>`,
    );
    expect(out).not.toContain('Otra noticia');
    expect(out).toContain('Harbour survey of the year 2022');
    expect(out).toContain('B paragraph 1 of the report');
  });
});

describe('session 11: the edges of the story (issue 21)', () => {
  it('drops an author box with a bio, keeps bare author names in a list', () => {
    const bio =
      '<div class="author-info" itemprop="author"><img src="/a.png" alt=""><a href="/author/x">Jana Novak</a><p>Jana Novak writes about the harbour and its boats for the paper.</p></div>';
    const out = md(`<body><div class="page"><div class="post">${long(4, 'A')}</div>${bio}</div></body>`);
    expect(out).toContain('A paragraph 3 of the report');
    expect(out).not.toContain('writes about the harbour');
    const books = Array.from(
      { length: 6 },
      (_, i) => `<li><b>Book ${i}</b> by <span class="author">Writer ${i}</span></li>`,
    ).join('');
    const list = md(`<body><div class="post">${long(3, 'B')}<ul>${books}</ul></div></body>`);
    expect(list).toContain('Writer 5');
  });

  it('drops picture credits, keeps the picture and a source line', () => {
    const out = md(
      `<body><div class="post">${long(2, 'A')}<p>Photo: Jane Doe / Agency</p><p><img src="/g.png" alt="graph"><br><em>(Credit: John Roe)</em></p><p>Source: national statistics office</p>${long(2, 'B')}</div></body>`,
    );
    expect(out).not.toContain('Jane Doe');
    expect(out).not.toContain('John Roe');
    expect(out).toContain('![graph](/g.png)');
    expect(out).toContain('Source: national statistics office');
  });

  it('drops a line of one- or two-word links inside an article, keeps an address', () => {
    const out = md(
      `<body><div class="post">${long(2, 'A')}<p><a href="/print">Print</a> · <a href="/mail">E-Mail</a></p><p><a href="mailto:desk@example.org">desk@example.org</a></p>${long(2, 'B')}</div></body>`,
    );
    expect(out).not.toContain('Print');
    expect(out).not.toContain('E-Mail');
    expect(out).toContain('desk@example.org');
  });

  it('drops a teaser line set as a subheading or in a quote box', () => {
    const out = md(
      `<body><div class="post">${long(2, 'A')}<h3>See also: <a href="/x">The other story about the quay</a></h3><blockquote><p><b>Read:</b> <a href="/y">A third story about the boats</a></p></blockquote>${long(2, 'B')}</div></body>`,
    );
    expect(out).toContain('B paragraph 1 of the report');
    expect(out).not.toContain('The other story');
    expect(out).not.toContain('A third story');
  });
});
