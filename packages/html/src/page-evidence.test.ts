import { toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { jsonLdArticleBody } from './anchor.js';
import { isSiteName, isTitle } from './head.js';
import { htmlToDoc } from './parser.js';

/** Hand-written pages of the classes the page's own evidence (JSON-LD body, title) decides. */

const md = (html: string) => toMarkdown(htmlToDoc(html, {}).blocks).markdown;

const para = (who: string, i: number) =>
  `<p>${who} paragraph ${i}, long enough to read as prose, with commas, clauses, and a point of its own to make here.</p>`;
const paras = (who: string, n: number) => Array.from({ length: n }, (_, i) => para(who, i)).join('');

const ld = (type: string, body: string) =>
  `<script type="application/ld+json">${JSON.stringify({ '@type': type, headline: 'Short post', articleBody: body })}</script>`;

const bodyText = (who: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `${who} paragraph ${i}, long enough to read as prose, with commas, clauses, and a point of its own to make here.`,
  ).join('\n\n');

describe('JSON-LD articleBody: the declared article wins over a longer thread beside it', () => {
  // Replies with no names, dates or class names to go by, four times the article's length.
  const thread = paras('Reader', 24);
  const page = (head: string) =>
    `<html><head>${head}</head><body><div class="wrap"><div class="a">${paras('Story', 3)}</div><div class="b">${thread}</div></div></body></html>`;

  it('chooses the element holding the declared body, and nothing beside it', () => {
    const out = md(page(ld('NewsArticle', bodyText('Story', 3))));
    expect(out).toContain('Story paragraph 2');
    expect(out).not.toContain('Reader paragraph 5');
  });

  it('without a declared body, the longer run still wins (the case the anchor is for)', () => {
    expect(md(page(''))).toContain('Reader paragraph 5');
  });

  it('a forum thread declares its first post: the replies stay', () => {
    const out = md(page(ld('DiscussionForumPosting', bodyText('Story', 3))));
    expect(out).toContain('Reader paragraph 5');
  });

  it('a declared body that is one item of a list around it leaves the list whole', () => {
    const items = Array.from(
      { length: 4 },
      (_, i) => `<section class="card">${paras(`Item${i}`, 3)}</section>`,
    );
    const html = `<html><head>${ld('Article', bodyText('Item0', 3))}</head><body><main><div class="list">${items.join('')}</div></main></body></html>`;
    const out = md(html);
    expect(out).toContain('Item0 paragraph 1');
    expect(out).toContain('Item3 paragraph 1');
  });

  it('reads the longest declared body, HTML markup in it dropped', () => {
    const html = `${ld('Article', 'Short teaser of another story.')}${ld('Article', `<p>${bodyText('Story', 3)}</p>`)}`;
    const got = jsonLdArticleBody(html);
    expect(got).toContain('Story paragraph 2');
    expect(got).not.toContain('<p>');
    expect(jsonLdArticleBody(ld('Article', 'Too short to be a body.'))).toBeUndefined();
  });
});

describe('the title h1 kept when the template puts it in a page header', () => {
  const page = (title: string) =>
    `<html><head><title>${title}</title></head><body>
      <header class="top"><a href="/">Home</a> <h1>Rain returns to the valley after a dry spring</h1></header>
      <div class="content">${paras('Story', 6)}</div>
    </body></html>`;

  it('keeps the h1 that is the page title (site name after it)', () => {
    const out = md(page('Rain returns to the valley after a dry spring | Valley News'));
    expect(out).toMatch(/^# Rain returns to the valley/);
    expect(out).not.toContain('Home');
  });

  it('leaves out an h1 that is not the title (a site banner)', () => {
    expect(md(page('Valley News: weather archive'))).not.toContain('Rain returns');
  });

  it('matches titles whatever their punctuation and the site name around them', () => {
    expect(isTitle('Weather archive of the valley', ['Rain returns again | Valley News'])).toBe(false);
    expect(isTitle('Rain returns again', ['Rain Returns, Again | Valley News'])).toBe(true);
    expect(isTitle('Valley News', ['Valley News'])).toBe(true);
    expect(isTitle('News', ['News | Site'])).toBe(false);
  });

  it("tells a site's name from a story's title", () => {
    expect(isSiteName('Valley News', ['Rain returns again | Valley News'])).toBe(true);
    expect(isSiteName('Rain returns again', ['Rain returns again | Valley News'])).toBe(false);
    expect(isSiteName('Rain returns again', ['Rain returns again'])).toBe(false);
    expect(isSiteName('The Valley Paper', ['Rain returns again'], 'The Valley Paper')).toBe(true);
  });
});

describe('ratings', () => {
  it("keeps a product card's stars and review count on a listing", () => {
    const card = (i: number) =>
      `<li class="product"><a href="/p${i}"><img src="/p${i}.jpg" alt=""></a><h3><a href="/p${i}">Climbing shoe model ${i}</a></h3><span class="price">$${100 + i}.00</span><div class="rating">111 reviews with an average rating of 4.5 out of 5 stars</div></li>`;
    const html = `<body><main><h1>Climbing shoes</h1><ul class="grid">${Array.from({ length: 8 }, (_, i) => card(i)).join('')}</ul></main></body>`;
    expect(md(html)).toContain('111 reviews with an average rating');
  });

  it('drops a "rate this post" widget under an article', () => {
    const html = `<body><article>${paras('Story', 6)}<div class="post-ratings">Rate this: 4 votes, average 3.5</div></article></body>`;
    expect(md(html)).not.toContain('Rate this');
  });
});

describe('paywall prompts', () => {
  it('drops the subscription prompt a template puts after the visible paragraphs', () => {
    const html = `<body><article><div class="entry-content">${paras('Story', 5)}<div class="paywall-template-container"><h2>Want to read on?</h2><p><a href="/abo">Yes, I subscribe.</a></p><p>Already a subscriber? <a href="/login">Log in</a></p></div></div></article></body>`;
    const out = md(html);
    expect(out).toContain('Story paragraph 4');
    expect(out).not.toContain('Want to read on');
    expect(out).not.toContain('Already a subscriber');
  });
});

describe('captions', () => {
  it("keeps a caption-named line with no image beside it (a rating's screen-reader caption)", () => {
    const card = (i: number) =>
      `<li class="product"><h3><a href="/p${i}">Trail shoe model ${i}</a></h3><div class="rating"><span class="rating__caption">${40 + i} reviews, average 4.${i} of 5 stars</span></div></li>`;
    const html = `<body><main><h1>Trail shoes</h1><ul class="grid">${Array.from({ length: 6 }, (_, i) => card(i)).join('')}</ul></main></body>`;
    expect(md(html)).toContain('43 reviews, average 4.3 of 5 stars');
  });

  it("drops an image's short credit line", () => {
    const html = `<body><article>${paras('Story', 4)}<div class="photo"><img src="/a.jpg" alt="River"><span class="image-credit">Photo: J. Doe / Agency</span></div>${paras('More', 2)}</article></body>`;
    const out = md(html);
    expect(out).toContain('More paragraph 1');
    expect(out).not.toContain('J. Doe');
  });
});
