import { toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';

const prose = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i} of the story, long enough to read as real prose, with commas, clauses, and a point to make about the subject at hand.</p>`,
  ).join('');

const page = `<html><body>
  <header class="site-header"><a href="/">Logo</a><nav><ul><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li><li><a href="/c">Gamma</a></li></ul></nav></header>
  <div class="layout">
    <aside class="sidebar"><h3>Popular</h3><ul><li><a href="/p1">Popular one</a></li><li><a href="/p2">Popular two</a></li></ul></aside>
    <div class="content"><h1>The headline</h1>${prose(8)}
      <div class="share-buttons"><a href="/s/fb">Share on Facebook</a> <a href="/s/x">Share on X</a></div>
    </div>
  </div>
  <div class="cookie-banner">We use cookies to improve your experience.</div>
  <footer><p>Copyright 2024 Example Inc.</p><a href="/privacy">Privacy</a></footer>
</body></html>`;

describe('main-content filter', () => {
  it('keeps the article and drops navigation, sidebar, share widgets, cookie banner and footer', () => {
    const doc = htmlToDoc(page, {});
    const md = toMarkdown(doc.blocks).markdown;
    expect(md).toContain('# The headline');
    expect(md).toContain('Paragraph 7 of the story');
    for (const junk of [
      'Alpha',
      'Popular one',
      'Share on Facebook',
      'cookies',
      'Copyright',
      'Privacy',
      'Logo',
    ])
      expect(md, junk).not.toContain(junk);
    expect(doc.warnings).toBeUndefined();
    // Links and images still cover the whole page.
    expect(doc.links).toContain('/privacy');
  });

  it('keeps everything with onlyMainContent false', () => {
    const md = toMarkdown(htmlToDoc(page, { onlyMainContent: false }).blocks).markdown;
    expect(md).toContain('Alpha');
    expect(md).toContain('Copyright');
  });

  it('composes with includeTags and excludeTags', () => {
    const md = toMarkdown(htmlToDoc(page, { includeTags: ['.layout'], excludeTags: ['h1'] }).blocks).markdown;
    expect(md).not.toContain('The headline');
    expect(md).toContain('Paragraph 3');
    expect(md).not.toContain('Copyright');
  });

  it('falls back to the whole body with a warning when nothing looks like content', () => {
    const warnings: string[] = [];
    const doc = htmlToDoc('<body><nav><a href="/a">Only</a> <a href="/b">links</a></nav></body>', {
      warn: (m) => warnings.push(m),
    });
    expect(toMarkdown(doc.blocks).markdown).toContain('Only');
    expect(doc.warnings?.[0]).toMatch(/onlyMainContent: no main content found/);
    expect(warnings).toHaveLength(1);
  });

  it('keeps a forum thread whose posts sit in a comments-like list', () => {
    const posts = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="post comment"><p>Reply ${i}: I tried this on my own machine and it worked after I changed the setting, thanks for the detailed write-up everyone.</p></div>`,
    ).join('');
    const md = toMarkdown(
      htmlToDoc(`<body><nav><a href="/">Home</a></nav><div class="thread">${posts}</div></body>`, {}).blocks,
    ).markdown;
    expect(md).toContain('Reply 0');
    expect(md).toContain('Reply 3');
  });

  it('drops short interface lines repeated on the page', () => {
    const posts = Array.from(
      { length: 3 },
      (_, i) =>
        `<div class="post"><p>Answer ${i}: the setting lives in the advanced panel, and once it is switched on the build finishes without the error you saw.</p><p>Upvote 0 Downvote</p></div>`,
    ).join('');
    const md = toMarkdown(htmlToDoc(`<body><main>${posts}</main></body>`, {}).blocks).markdown;
    expect(md).toContain('Answer 2');
    expect(md).not.toContain('Downvote');
  });
});

describe('main-content filter: page shapes beyond the article', () => {
  it("keeps a header inside an article (the title and byline) while dropping the page's header", () => {
    const html = `<body><header><nav><a href="/">Home</a> <a href="/x">Shop</a></nav></header>
      <main><article><header><h1>Card headline</h1><p>By A. Writer</p></header>${prose(4)}</article></main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('# Card headline');
    expect(md).toContain('By A. Writer');
    expect(md).not.toContain('Shop');
  });

  it('keeps collapsed prose behind a utility "hidden" class (an FAQ answer), but not a hidden menu', () => {
    const answer =
      'The answer explains at length how the service works, what it costs, how long it takes to set up, and why people choose it over the alternatives on offer.';
    const html = `<body><main>${prose(3)}<h2>FAQ</h2><h3>How does it work?</h3><div class="answer hidden"><p>${answer}</p></div>
      <div class="hidden"><a href="/m1">Menu one</a> <a href="/m2">Menu two</a></div></main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('The answer explains at length');
    expect(md).not.toContain('Menu one');
  });

  it('writes a section once when the page repeats it word for word (mobile and desktop copies)', () => {
    const section = `<h2>Our approach to the work</h2>${prose(2)}`;
    const html = `<body><main><div class="mobile-only">${section}</div><div class="desktop-only">${section}</div></main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md.match(/Paragraph 0 of the story/g)).toHaveLength(1);
  });

  it('keeps the item cards of a page with no prose (a product grid) rather than one card', () => {
    const cards = Array.from(
      { length: 12 },
      (_, i) =>
        `<div class="product-card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><a href="/p/${i}">Trail shoe model ${i}</a><span>$${100 + i}</span></div>`,
    ).join('');
    const html = `<body><header><nav><a href="/">Home</a></nav></header><main><h1>Running shoes</h1><div class="grid">${cards}</div></main><footer>© Shop</footer></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Trail shoe model 0');
    expect(md).toContain('Trail shoe model 11');
    expect(md).toContain('$111');
    expect(md).not.toContain('© Shop');
  });

  it('does not read a class that merely contains "skip" or "header" as boilerplate', () => {
    const html = `<body><main><div class="topic skip-item"><h2>Mesh networks</h2>${prose(3)}
      <table class="wikitable sticky-header"><tr><th>Year</th><th>Laureate</th></tr><tr><td>1901</td><td>Röntgen</td></tr></table></div></main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Mesh networks');
    expect(md).toContain('Röntgen');
  });
});

describe('main-content filter: reader comments', () => {
  const comment = (i: number) =>
    `<li class="comment"><p>Commenter ${i} writes a long reply, with opinions, anecdotes and a question or two for the author about the recipe and its results.</p></li>`;
  const comments = (n: number) =>
    `<div id="comments" class="comments-area"><ol class="comment-list">${Array.from({ length: n }, (_, i) => comment(i)).join('')}</ol></div>`;

  it('drops the comments under an article, even when they outrun it', () => {
    const html = `<body><main><article><h1>Garden spray</h1>${prose(16)}</article>${comments(40)}</main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Paragraph 15 of the story');
    expect(md).not.toContain('Commenter 3');
  });

  it('keeps them on a thread with no article above (they are the content)', () => {
    const html = `<body><main><h1>Which telescope first?</h1><p>Any advice for a beginner?</p>${comments(12)}</main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Commenter 3');
    expect(md).toContain('Commenter 11');
  });

  it('reads the prose outside comments from the page as it came, whatever the pruning took first', () => {
    // The footer (and the comments region inside it) is pruned before the first rule asks for
    // the prose outside comments: its prose still counts as comments, so the short story's 2,000
    // characters are not reached and the reader comments beside it stay. Read from the pruned
    // page, the footer's comments would count as story and the reader comments would go.
    const para = (w: string, i: number) =>
      `<p>${w} ${i} of the text, long enough to read as real prose, with commas, clauses, and a point to make about the subject at hand.</p>`;
    const many = (w: string, n: number) => Array.from({ length: n }, (_, i) => para(w, i)).join('');
    const html = `<body><div id="wrap"><footer><div class="comments">${many('Footer comment', 10)}</div></footer>
      <div class="content"><div class="story"><h1>Title</h1>${many('Story paragraph', 10)}</div>
      <div class="comments">${many('Reader comment', 20)}</div></div></div></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Story paragraph 9');
    expect(md).toContain('Reader comment 19');
    expect(md).not.toContain('Footer comment');
  });
});

describe('main-content filter: when the rules would leave next to nothing', () => {
  it('keeps a product grid that sits in a "related" section when nothing else is there', () => {
    const cards = Array.from(
      { length: 10 },
      (_, i) =>
        `<li><a href="/m/${i}">KR${170 + i}</a><p>Robotic mower for ${i + 1} acres</p><span>$ ${2000 + i * 500}.99</span></li>`,
    ).join('');
    const html = `<body><header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
      <div class="content"><h1>Robotic lawn mowers</h1><section class="related-product"><ul>${cards}</ul></section></div>
      <footer><a href="/privacy">Privacy</a></footer></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Robotic mower for 1 acres');
    expect(md).toContain('$ 6500.99');
    expect(md).not.toContain('Privacy');
  });

  it("drops the page's footer even when its fine print outweighs a short page", () => {
    const fine =
      'This material is not intended to replace the advice of a qualified advisor, and is for information only. ';
    const html = `<body><main><h1>Best practices</h1><p>A good safety program screens prospective renters, so that only qualified drivers operate the vehicles of the fleet.</p><ul><li>Procedures at the counter</li><li>Reporting losses</li></ul></main>
      <footer><p>${fine.repeat(6)}</p><p>Baltimore office, Suite 500</p></footer></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('A good safety program');
    expect(md).not.toContain('qualified advisor');
  });
});

describe('main-content filter: product and listing pages', () => {
  it('drops a class-hidden block of data fields even when a few of its values run long', () => {
    const fields = Array.from(
      { length: 20 },
      (_, i) =>
        `<dt>cat_thumb_${i}:</dt><dd>https://cdn.example.com/images/stencil/160x160/uploaded_images/5001/WEB_THUMBNAILS/5001_TEE_COLOUR_${i}_THUMB_IMAGE_FILE_WITH_A_LONG_NAME_FROM_THE_CATALOGUE_EXPORT.jpg</dd>`,
    ).join('');
    const html = `<body><div class="product"><h1>Staple Tee</h1>
      <p>The Staple Tee. Enduring comfort in a regular fit, crafted from 100% combed cotton, with neck ribbing and side seams.</p>
      <p>Preshrunk to minimise shrinkage, with double needle hems and shoulder to shoulder tape; suited for screen printing and embroidery.</p>
      <dl class="info hide">${fields}<dt>shipping:</dt><dd>We ship nationwide in the United States and Canada; most in-stock orders received by 2pm local time where the order is shipped from are processed the same day.</dd></dl>
      </div></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Enduring comfort');
    expect(md).not.toContain('cat_thumb');
  });

  it('keeps a product grid wrapped in a form when it holds most of the prose', () => {
    const cards = Array.from(
      { length: 8 },
      (_, i) =>
        `<li><h4><a href="/p/${i}">Air Purifier model ${i}</a></h4><span>$${89 + i}.99</span><p>The air purifier model ${i} captures 99.97% of allergens and particulates and reduces viruses in rooms of ${200 + i * 50} square feet.</p><label><input type="checkbox"> Compare</label></li>`,
    ).join('');
    const html = `<body><header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>
      <main><h1>Air purifiers</h1><p>Our air purifiers are designed with a focus on effective filtration, ease of use and trusted performance for every room.</p>
      <p>Each model below is tested for clean air delivery, noise and filter life, so you can pick the right size for your room.</p>
      <form action="/compare"><ul>${cards}</ul></form>
      <form class="newsletter"><p>Sign up for our emails</p><input type="email"></form></main>
      <footer>${'<p>Free shipping on orders over $50, easy returns within 30 days, and a two year warranty on every purifier.</p>'.repeat(16)}<a href="/privacy">Privacy</a></footer></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('effective filtration');
    expect(md).toContain('The air purifier model 7 captures');
    expect(md).not.toContain('Sign up for our emails');
  });
});

describe('main-content filter: customer reviews', () => {
  it('drops the customer reviews under a product, however long they run', () => {
    const review = (i: number) =>
      `<li class="review"><p>Reviewer ${i} says: ${'this book changed the way I think about habits, and I read it twice in a row because every chapter had something new to try. '.repeat(2)}</p></li>`;
    const html = `<body><div role="main"><div id="product"><h1>Atomic Habits</h1>
      <p>No matter your goals, this book offers a proven framework for improving every day, with practical strategies that teach you how to form good habits and break bad ones.</p>
      <p>Tiny changes, remarkable results: learn how to make time for new habits, overcome a lack of motivation and design your environment to make success easier.</p></div>
      <div id="customer-reviews_feature_div"><h2>Top reviews</h2><ul>${Array.from({ length: 2 }, (_, i) => review(i)).join('')}</ul></div></div></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Tiny changes, remarkable results');
    expect(md).not.toContain('Reviewer 1 says');
  });

  it('keeps a page that is nothing but reviews', () => {
    const html = `<body><div class="product-reviews">${Array.from(
      { length: 4 },
      (_, i) =>
        `<p>Reviewer ${i} says: the drill held its charge for a whole weekend of deck building and the clutch never slipped once.</p>`,
    ).join('')}</div></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Reviewer 3 says');
  });
});

describe('main-content filter: script state', () => {
  it('drops a paragraph that is one JSON object left in the page for a script', () => {
    const html = `<body><main><h1>Tumbler</h1>${prose(3)}<div class="a-hidden">{"buybox":[{"displayPrice":"EUR 15.49","priceAmount":15.49,"currencySymbol":"EUR","offerListingId":"abc"}]}</div></main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Paragraph 2 of the story');
    expect(md).not.toContain('displayPrice');
    expect(toMarkdown(htmlToDoc(html, { onlyMainContent: false }).blocks).markdown).toContain('displayPrice');
  });
});

describe('main-content filter: tabbed content', () => {
  it('keeps every tab pane, not the one whose inner class names a content body', () => {
    const para = (t: string) =>
      `<p>${t} ${'The tumbler keeps drinks cold for hours and fits in most cupholders, with a lid that slides shut. '.repeat(3)}</p>`;
    const html = `<body><main><h1>Rambler tumbler</h1><div class="tabs"><ul role="tablist"><li>Description</li><li>FAQ</li></ul>
      <div class="tab-content"><div class="tab-pane" id="desc">${para('Description:')}</div>
      <div class="tab-pane" id="faq"><div class="accordion-content-body">${para('Question one?')}${para('Question two?')}${para('Question three?')}</div></div></div></div></main></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Description:');
    expect(md).toContain('Question three?');
  });
});

describe('main-content filter: regions named in PascalCase', () => {
  it("drops the page's SiteFooter even when it shares a content class", () => {
    const cards = Array.from(
      { length: 6 },
      (_, i) =>
        `<div class="HomeCard"><p>Prepare to be impressed by home ${i}, meticulously maintained and beautifully updated on an oversized lot near parks.</p><span>$${400 + i},000</span></div>`,
    ).join('');
    const html = `<body><div id="content"><h1>Sparks homes for sale</h1><div class="results">${cards}</div>
      <div class="SiteFooter main-content"><p>All mortgage lending products and information are provided by a lender, licensed in all fifty states.</p>
      <p>If you are using a screen reader or having trouble reading this website, please call customer support for help.</p></div></div></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('home 5, meticulously');
    expect(md).not.toContain('mortgage lending');
  });
});

describe('main-content filter: comments named with an underscore', () => {
  it('drops reader comments in a comment_list under a long list', () => {
    const books = Array.from(
      { length: 70 },
      (_, i) =>
        `<tr><td>${i + 1}</td><td><a href="/b/${i}">Book number ${i}</a> by <a href="/a/${i}">Author ${i}</a><div>4.${i % 10} avg rating, ${1000 + i} ratings, score: ${9000 - i}, and ${300 + i} people voted</div></td></tr>`,
    ).join('');
    const comments = Array.from(
      { length: 12 },
      (_, i) =>
        `<div class="comment"><a href="/u/${i}">Reader ${i}</a><p>Comment ${i}: ${'I cannot believe this book is ranked so high on the list when so many classics sit far below it. '.repeat(3)}</p></div>`,
    ).join('');
    const html = `<body><div class="content"><h1>Best books ever</h1><p>The best books ever, as voted on by the community.</p><table>${books}</table>
      <div class="bigBox"><h2>Discussion</h2><div id="comment_list">${comments}</div></div></div></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Book number 69');
    expect(md).not.toContain('Comment 3:');
  });
});

describe('main-content filter: underscores in class names', () => {
  it('reads side_bar and social_links as side-bar and social-links', () => {
    const html = `<body><div class="wrap"><div class="main">${prose(6)}
      <div class="side_bar"><p>Archive of the months of this year and the last, for readers who like to browse.</p></div>
      <div class="social_links"><p>Follow along on every network we post on, every day of the week, in full.</p></div></div></div></body>`;
    const md = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(md).toContain('Paragraph 5 of the story');
    expect(md).not.toContain('Archive of the months');
    expect(md).not.toContain('Follow along');
  });
});

describe('main-content filter: generalising article rules (issue 21)', () => {
  const md = (html: string) => toMarkdown(htmlToDoc(html, {}).blocks).markdown;

  it('keeps the title h1 and the standfirst above the article body container', () => {
    const html = `<body><div class="page"><div class="article-header"><h1>Council approves the new bridge</h1>
      <p class="lead">The vote ends ten years of debate over the crossing, and work starts in spring.</p></div>
      <div class="article-body">${prose(8)}</div></div>
      <div class="other"><h1>Elsewhere on the site</h1></div></body>`;
    const out = md(html);
    expect(out).toContain('# Council approves the new bridge');
    expect(out).toContain('The vote ends ten years of debate');
    expect(out).toContain('Paragraph 7 of the story');
    expect(out).not.toContain('Elsewhere on the site');
  });

  it('drops a "you may also like" grid of teaser cards beside the article, whatever it is named', () => {
    const cards = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="c${i}"><a href="/story/${i}"><img src="/i/${i}.jpg"></a><h3><a href="/story/${i}">Other story number ${i} with a headline</a></h3><p>A line of teaser text for story ${i}.</p></div>`,
    ).join('');
    const html = `<body><div class="wrap"><div class="post">${prose(12)}</div><div class="x-grid">${cards}</div></div></body>`;
    const out = md(html);
    expect(out).toContain('Paragraph 11 of the story');
    expect(out).not.toContain('Other story number 2');
    expect(out).not.toContain('teaser text');
  });

  it('keeps a plain link list inside the article (shops, sources) and a listing page of cards', () => {
    const shops = `<ul>${Array.from({ length: 5 }, (_, i) => `<li><a href="/s/${i}">Shop number ${i}</a></li>`).join('')}</ul>`;
    const out = md(`<body><div class="post">${prose(6)}${shops}${prose(6)}</div></body>`);
    expect(out).toContain('Shop number 4');
    const cards = Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="card"><h2><a href="/p/${i}">Listing entry number ${i}</a></h2><p>Short description of entry ${i}, in a line.</p></div>`,
    ).join('');
    const listing = md(`<body><div class="list">${cards}</div></body>`);
    expect(listing).toContain('Listing entry number 7');
  });

  it('drops related posts named as such inside the post container (jp-relatedposts)', () => {
    const html = `<body><div class="post">${prose(8)}<div class="jp-post-flair sharedaddy"><div id="jp-relatedposts" class="jp-relatedposts"><h3>Related</h3><p><a href="/r/1">A related post</a></p></div></div></div></body>`;
    const out = md(html);
    expect(out).toContain('Paragraph 7 of the story');
    expect(out).not.toContain('A related post');
  });
});

describe('main-content filter: captions', () => {
  it("drops a photo's short caption and credit, keeps a gallery's captions that carry the text", () => {
    const md = (html: string) => toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    const news = md(
      `<body><div class="post">${prose(4)}<figure><img src="/a.jpg"><figcaption>The harbour at dawn. Photo: A. Person</figcaption></figure>${prose(4)}<p class="wp-caption-text">Credit: Agency</p></div></body>`,
    );
    expect(news).toContain('Paragraph 3 of the story');
    expect(news).not.toContain('The harbour at dawn');
    expect(news).not.toContain('Credit: Agency');
    const slides = Array.from(
      { length: 6 },
      (_, i) =>
        `<figure><img src="/c${i}.jpg"><figcaption>Costume ${i}. What you need: a long coat, a hat, boots and a scarf, all in black, then a painted face and a great deal of confidence to carry it off at the party.</figcaption></figure>`,
    ).join('');
    expect(md(`<body><div class="gallery">${slides}</div></body>`)).toContain('Costume 5. What you need');
  });
});

describe('refine: related-content headings', () => {
  const md = (html: string) => toMarkdown(htmlToDoc(html, {}).blocks).markdown;
  const long = (n: number, tag: string) =>
    Array.from(
      { length: n },
      (_, i) =>
        `<p>${tag} paragraph ${i} of the report, long enough to read as real prose, with commas, clauses, and a point to make about the subject at hand; it goes on for a while, and then for a while longer, before it comes to its end.</p>`,
    ).join('');
  it('ends the article at a "related" heading below its prose, in several languages', () => {
    for (const head of [
      'Lesen Sie auch',
      'Dans la même rubrique',
      'Artículos relacionados',
      'Related stories',
    ]) {
      const out = md(
        `<body><div class="post">${long(8, 'A')}<h3>${head}</h3><p>Some other story told in a line or two, with a <a href="/x">link to it</a> and more.</p><ul><li><a href="/a">Another story</a></li><li><a href="/b">Yet another</a></li></ul></div></body>`,
      );
      expect(out, head).toContain('A paragraph 7 of the report');
      expect(out, head).not.toContain(head);
      expect(out, head).not.toContain('Some other story');
    }
  });
  it('drops a "Read more:" line inside the article and keeps the prose after it', () => {
    const out = md(
      `<body><div class="post">${long(4, 'A')}<p><strong>Read more:</strong> <a href="/o">The other story about the same subject</a></p>${long(4, 'B')}</div></body>`,
    );
    expect(out).not.toContain('The other story');
    expect(out).toContain('A paragraph 3 of the report');
    expect(out).toContain('B paragraph 3 of the report');
  });
});

describe('main-content filter: comment threads by structure', () => {
  const md = (html: string) => toMarkdown(htmlToDoc(html, {}).blocks).markdown;
  const thread = (n: number, cls: string) =>
    Array.from(
      { length: n },
      (_, i) =>
        `<div class="${cls}"><span class="user">reader${i}</span> <time datetime="2024-01-0${(i % 9) + 1}">Jan ${(i % 9) + 1}</time><p>Reader note ${i}: ${'I have thoughts about this and I will share every one of them at length right here. '.repeat(4)}</p><a href="#r${i}">Reply</a></div>`,
    ).join('');

  it('drops a long unnamed thread of signed, dated replies under a short article', () => {
    const html = `<body><div class="wrap"><div class="story"><h1>Short news item</h1>${prose(10)}</div><div class="x-list">${thread(14, 'x-item')}</div></div></body>`;
    const out = md(html);
    expect(out).toContain('Paragraph 9 of the story');
    expect(out).not.toContain('Reader note 3');
  });

  it("keeps a forum thread's posts (named as posts, no article beside them)", () => {
    const html = `<body><div class="topic"><h1>How do I fix this?</h1>${thread(8, 'post')}</div></body>`;
    expect(md(html)).toContain('Reader note 5');
  });

  // named-thread: items named comments (WordPress's `thread-odd` beside `comment`) under a post
  // of three paragraphs, too short for the unnamed test above.
  const wp = (i: number) => `comment ${i % 2 ? 'odd thread-odd' : 'even thread-even'} depth-1`;
  const named = (n: number) =>
    `<ol class="commentlist">${Array.from(
      { length: n },
      (_, i) =>
        `<li class="${wp(i)}" id="comment-${i}"><span class="author_name">reader${i}</span> <span class="comment_date">Jan ${i + 1}, 2024</span><p>Reader note ${i}: ${'I have thoughts about this and I will share every one of them at length right here. '.repeat(4)}</p><a class="comment-reply-link" href="#r${i}">Reply</a></li>`,
    ).join('')}</ol>`;

  it('drops a thread of signed, dated, named comments under a short post', () => {
    const html = `<body><div class="wrap"><div class="story"><h1>Short post</h1>${prose(3)}</div><div>${named(10)}</div></div></body>`;
    const out = md(html);
    expect(out).toContain('Paragraph 2 of the story');
    expect(out).not.toContain('Reader note 3');
  });

  it('keeps the same thread on a page that declares a forum thread', () => {
    const ld = '<script type="application/ld+json">{"@type":"DiscussionForumPosting"}</script>';
    const html = `<html><head>${ld}</head><body><div class="wrap"><div class="story"><h1>Short post</h1>${prose(3)}</div><div>${named(10)}</div></div></body></html>`;
    expect(md(html)).toContain('Reader note 3');
  });

  it('keeps a thread of named comments that are not signed and dated', () => {
    const plain = Array.from(
      { length: 10 },
      (_, i) =>
        `<li class="comment"><p>Reader note ${i}: ${'A thought on the post, at some length, with a point. '.repeat(4)}</p></li>`,
    ).join('');
    const html = `<body><div class="wrap"><div class="story"><h1>Short post</h1>${prose(3)}</div><ol>${plain}</ol></div></body>`;
    expect(md(html)).toContain('Reader note 3');
  });
});

describe('main-content filter: standfirst without an h1', () => {
  it('keeps the lead written apart right before the body container', () => {
    const html = `<body><div class="news"><div class="header"><h3>Championships postponed</h3></div>
      <div class="teaser-text"><p>What had been rumoured for weeks is now official: the championships move to next year, the federation said on Monday.</p></div>
      <div class="news-text-wrap">${prose(8)}</div></div></body>`;
    const out = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(out).toContain('What had been rumoured for weeks');
    expect(out).toContain('Paragraph 7 of the story');
  });
});

describe('refine: the opening of an article', () => {
  it('keeps a salutation and the paragraphs before a lone link line at the start', () => {
    const long = (i: number) =>
      `<p>Body paragraph ${i} of the post, long enough to read as real prose, with commas, clauses, and a point to make about the subject at hand; it goes on for a while, and then for a while longer, before it comes to its end.</p>`;
    const html = `<body><div class="post"><p>Dear readers,</p><p>Long ago I wrote about this claim once before, and back then I kept it very short indeed.</p><p>(<a href="https://example.org/source">example.org/source</a>)</p>${[1, 2, 3, 4, 5, 6].map(long).join('')}</div></body>`;
    const out = toMarkdown(htmlToDoc(html, {}).blocks).markdown;
    expect(out).toContain('Dear readers,');
    expect(out).toContain('Long ago I wrote about this claim');
    expect(out).toContain('Body paragraph 6');
  });
});
