import { type Block, toMarkdown } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';

const md = (html: string, opts = {}) =>
  toMarkdown(htmlToDoc(html, { onlyMainContent: false, ...opts }).blocks).markdown.trimEnd();
const blocks = (html: string, opts = {}) => htmlToDoc(html, { onlyMainContent: false, ...opts }).blocks;

describe('htmlToDoc structure', () => {
  it('writes headings, paragraphs and inline formatting', () => {
    const out = md(
      '<h1>Title</h1><p>Some <b>bold</b>, <em>italic</em>, <del>gone</del>, <code>x = 1</code> and H<sub>2</sub>O.</p><h3>Sub</h3>',
    );
    expect(out).toBe('# Title\n\nSome **bold**, *italic*, ~~gone~~, `x = 1` and H<sub>2</sub>O.\n\n### Sub');
  });

  it('collapses whitespace across inline boundaries', () => {
    expect(md('<p>\n  a  <span> b </span>\n c  </p>')).toBe('a b c');
  });

  it('nests ordered and unordered lists and keeps start', () => {
    const out = md('<ol start="3"><li>three<ul><li>a</li><li>b</li></ul></li><li>four</li></ol>');
    expect(out).toBe('3. three\n   * a\n   * b\n4. four');
    const list = blocks('<ol start="3"><li>x</li></ol>')[0] as Extract<Block, { kind: 'list' }>;
    expect(list.start).toBe(3);
  });

  it('reads tables with header rows, colspan and rowspan', () => {
    const b = blocks(
      '<table><thead><tr><th>A</th><th colspan="2">B</th></tr></thead><tbody><tr><td rowspan="2">1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td></tr></tbody></table>',
    );
    expect(b).toHaveLength(1);
    const t = b[0] as Extract<Block, { kind: 'table' }>;
    expect(t.rows[0][0].header).toBe(true);
    expect(t.rows[0][1].colSpan).toBe(2);
    expect(t.rows[1][0].rowSpan).toBe(2);
    expect(t.rows[2]).toHaveLength(2);
  });

  it('writes a simple table as GFM and flattens a nested table into its cell', () => {
    expect(md('<table><tr><th>h1</th><th>h2</th></tr><tr><td>a</td><td>b</td></tr></table>')).toBe(
      '| h1 | h2 |\n| --- | --- |\n| a | b |',
    );
    const out = md(
      '<table><tr><td>A</td><td>B</td></tr><tr><td><table><tr><td>x</td><td>y</td></tr></table></td><td>2</td></tr></table>',
    );
    expect(out).toContain('| x y | 2 |');
  });

  it('reads a layout table as text', () => {
    const out = md(
      '<table role="presentation"><tr><td><h2>Left</h2><p>one</p></td><td><p>two</p></td></tr></table>',
    );
    expect(out).toBe('## Left\n\none\n\ntwo');
  });

  it('keeps pre/code with the language from class', () => {
    const out = md('<pre><code class="language-python">def f():\n    return 1\n</code></pre>');
    expect(out).toBe('```python\ndef f():\n    return 1\n```');
    expect(md('<pre class="lang-js">a<br>b</pre>')).toBe('```js\na\nb\n```');
  });

  it('writes blockquotes, br and hr', () => {
    expect(md('<blockquote><p>quoted</p><p>more</p></blockquote>')).toBe('> quoted\n>\n> more');
    expect(md('<p>line one<br>line two</p><hr><p>after</p>')).toBe('line one  \nline two\n\n---\n\nafter');
  });

  it('writes definition lists as term items with their descriptions beneath', () => {
    expect(md('<dl><dt>Coffee</dt><dd>Black hot drink</dd><dt>Milk</dt><dd>White</dd></dl>')).toBe(
      '* **Coffee**\n  * Black hot drink\n* **Milk**\n  * White',
    );
  });

  it('turns figure and figcaption into an image with a caption', () => {
    const b = blocks(
      '<figure><img src="a.png" alt="A cat"><figcaption>The <em>cat</em></figcaption></figure>',
      {
        baseUrl: 'https://ex.com/p/',
      },
    );
    expect(b[0]).toMatchObject({ kind: 'image', src: 'https://ex.com/p/a.png', alt: 'A cat' });
    expect((b[0] as Extract<Block, { kind: 'image' }>).caption).toBeDefined();
  });

  it('takes the largest srcset candidate and resolves against base href', () => {
    const doc = htmlToDoc(
      '<html><head><base href="/static/"></head><body><p><img src="s.jpg" srcset="s.jpg 320w, l.jpg 1024w, m.jpg 640w" alt="x"> <a href="page.html">p</a> <a href="#top">top</a></p></body></html>',
      { onlyMainContent: false, baseUrl: 'https://ex.com/dir/doc.html' },
    );
    expect(toMarkdown(doc.blocks).markdown.trimEnd()).toBe(
      '![x](https://ex.com/static/l.jpg) [p](https://ex.com/static/page.html) [top](https://ex.com/static/#top)',
    );
    expect(doc.links).toEqual(['https://ex.com/static/page.html']);
    expect(doc.images).toEqual(['https://ex.com/static/l.jpg']);
  });

  it('collects links and images of the whole page, deduplicated, with picture sources and og:image', () => {
    const doc = htmlToDoc(
      '<head><meta property="og:image" content="/og.png"></head><body><nav><a href="/a">A</a></nav><a href="/a">again</a><a href="#x">frag</a><picture><source srcset="/p-1x.webp 1x, /p-2x.webp 2x"><img src="/p.jpg"></picture><img src="data:image/png;base64,AAAA" alt="inline"></body>',
      { baseUrl: 'https://ex.com/' },
    );
    expect(doc.links).toEqual(['https://ex.com/a']);
    expect(doc.images).toEqual(['https://ex.com/p-2x.webp', 'https://ex.com/p.jpg', 'https://ex.com/og.png']);
  });

  it('keeps data-URI images in the model for the emitter to replace', () => {
    const b = blocks('<p><img src="data:image/png;base64,AAAA" alt="dot"></p>');
    expect(b[0]).toMatchObject({
      kind: 'paragraph',
      content: [{ kind: 'image', alt: 'dot', src: 'data:image/png;base64,AAAA' }],
    });
  });

  it('drops scripts, styles, templates, comments and hidden elements', () => {
    const out = md(
      '<p>keep</p><script>bad()</script><style>.x{}</style><template><p>tpl</p></template><!-- note --><p hidden>h1</p><p style="display: none">h2</p><div aria-hidden="true">icon</div><p>end</p>',
    );
    expect(out).toBe('keep\n\nend');
  });

  it('reads XHTML self-closed elements as XML does', () => {
    const doc = htmlToDoc(
      '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><div/><p>a<br/>b</p><p><![CDATA[x < y]]></p></body></html>',
      { onlyMainContent: false, xhtml: true },
    );
    expect(toMarkdown(doc.blocks).markdown.trimEnd()).toBe('a  \nb\n\nx < y');
  });

  it('keeps the text of links wrapped around blocks as links', () => {
    expect(md('<a href="https://ex.com/x"><h3>Card</h3><p>teaser</p></a>')).toBe(
      '### [Card](https://ex.com/x)\n\n[teaser](https://ex.com/x)',
    );
  });

  it('writes the cleaned HTML of the kept content and the raw source', () => {
    const src = '<html><body><p class="a">x &amp; y</p><script>s()</script></body></html>';
    const doc = htmlToDoc(src, { onlyMainContent: false });
    expect(doc.html).toBe('<p class="a">x &amp; y</p>');
    expect(doc.rawHtml).toBe(src);
  });
});

describe('includeTags and excludeTags', () => {
  const page =
    '<body><header>Site</header><main><article id="a"><h1>T</h1><p class="lead">Lead</p><div class="ad">Buy</div><p>Body <span>text</span></p></article></main><footer>F</footer></body>';
  it('keeps only what includeTags match', () => {
    expect(md(page, { includeTags: ['article > h1', 'p.lead'] })).toBe('# T\n\nLead');
  });
  it('drops what excludeTags match', () => {
    expect(md(page, { excludeTags: ['header', 'footer', '.ad', '#a span'] })).toBe('# T\n\nLead\n\nBody');
  });
  it('warns about a selector it cannot read, and keeps the others', () => {
    const doc = htmlToDoc(page, { onlyMainContent: false, excludeTags: ['p[', 'p:frobnicate', '.ad'] });
    expect(doc.warnings?.filter((w) => /unsupported selector/.test(w))).toHaveLength(2);
    expect(toMarkdown(doc.blocks).markdown).not.toContain('Buy');
  });
  it('reads full CSS: :not(), :nth-child(), :first-of-type, sibling combinators, :has()', () => {
    const list = '<body><ul><li>one</li><li>two</li><li>three</li><li class="x">four</li></ul></body>';
    expect(md(list, { excludeTags: ['li:nth-child(2n)'] })).toBe('* one\n* three');
    expect(md(list, { includeTags: ['li:not(.x):not(:first-child)'] })).toBe('two\n\nthree');
    expect(md(list, { excludeTags: ['li:first-of-type ~ li'] })).toBe('* one');
    expect(md(list, { excludeTags: ['li:first-child + li'] })).toBe('* one\n* three\n* four');
    expect(md(page, { excludeTags: ['p:has(span)', 'div:not(:has(p))'] })).toBe('Site\n\n# T\n\nLead\n\nF');
  });
  it('counts siblings as the page has them, before scripts and comments are removed', () => {
    const withScript = '<body><div><script>x()</script><!-- c --><p>first</p><p>second</p></div></body>';
    expect(md(withScript, { excludeTags: ['p:nth-child(2)'] })).toBe('second');
  });
});
