import { describe, expect, it } from 'vitest';
import { htmlToDoc } from './parser.js';
import { stripRawText } from './prescan.js';

describe('stripRawText (script, style and comment bodies skipped before parsing)', () => {
  it('empties scripts and styles and drops comments, keeping the elements', () => {
    expect(
      stripRawText(
        '<p>a</p><script type="x">var s = "<p>no</p>";</script><style>p{}</style><!-- c --><p>b</p>',
      ),
    ).toBe('<p>a</p><script type="x"></script><style></style><p>b</p>');
  });

  it('does not take a script inside a comment, or a quoted ">" in an attribute, for the real thing', () => {
    expect(stripRawText('<!-- <script> --><p>kept</p><!--></script>')).toBe('<p>kept</p></script>');
    expect(stripRawText('<script data-x="a>b">x</script><p>y</p>')).toBe(
      '<script data-x="a>b"></script><p>y</p>',
    );
  });

  it('leaves raw-text elements that are text (textarea, title) alone', () => {
    const ta = '<textarea><script>x</textarea><p>after</p><script>y</script>';
    expect(stripRawText(ta)).toBe('<textarea><script>x</textarea><p>after</p><script></script>');
  });

  it('empties a script in the escaped states up to where the tokenizer ends it, and goes on', () => {
    const esc = '<script><!-- document.write("<script>a</script>"); --></script><p>z</p><script>q</script>';
    expect(stripRawText(esc)).toBe('<script></script><p>z</p><script></script>');
    const open = '<script><!-- <script> </script><p>z</p>';
    expect(stripRawText(open)).toBe(open);
  });

  it('stops at an unclosed script or comment and a self-closed script, leaving the rest to the parser', () => {
    expect(stripRawText('<p>a</p><script>never closed <p>b</p>')).toBe(
      '<p>a</p><script>never closed <p>b</p>',
    );
    expect(stripRawText('<!-- open <p>b</p>')).toBe('<!-- open <p>b</p>');
    expect(stripRawText('<math><style/></math><p>b</p><style>x</style>')).toBe(
      '<math><style/></math><p>b</p><style>x</style>',
    );
  });

  it('gives the same Markdown as parsing the page unstripped', () => {
    const page =
      '<html><head><style>.a{color:red}</style><script>if (a < b) { document.title = "</p>"; }</script></head>' +
      '<body><!-- nav --><h1>Title</h1><p>Text <b>bold</b></p><SCRIPT>x()</SCRIPT><p>More</p></body></html>';
    const doc = htmlToDoc(page, { onlyMainContent: false });
    expect(doc.rawHtml).toBe(page);
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'paragraph']);
  });

  it('is linear on many unclosed comment and script openers', () => {
    const junk = '<!--<script>'.repeat(50_000);
    expect(stripRawText(junk)).toBe(junk);
  });
});

describe('page shapes the stripper repairs or keeps', () => {
  it('closes a self-closed iframe, so the rest of the page is not read as its text', () => {
    const page =
      '<body><noscript><iframe src="https://gtm.example/ns.html" /></noscript><main><h1>Title</h1><p>Body text</p></main></body>';
    const doc = htmlToDoc(page, { onlyMainContent: false });
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph']);
  });

  it('keeps React\'s streamed boundaries (<div hidden id="S:0">): a script moves them into place', () => {
    const text = 'Streamed content that the page shows once its inline script has run. '.repeat(4);
    const page = `<body><main><template id="B:0"></template></main><div hidden id="S:0"><p>${text}</p></div><div hidden><p>Really hidden</p></div></body>`;
    const md = htmlToDoc(page, { onlyMainContent: false }).blocks;
    expect(md).toHaveLength(1);
    expect(JSON.stringify(md)).toContain('Streamed content');
  });
});

describe('stripRawText: drawings', () => {
  it('empties an svg (its text is not the page text) but leaves a nested one to the parser', () => {
    expect(
      stripRawText('<p>a</p><svg viewBox="0 0 1 1"><title>Logo</title><path d="M0"/></svg><p>b</p>'),
    ).toBe('<p>a</p><svg viewBox="0 0 1 1"></svg><p>b</p>');
    const nested = '<svg><svg><path/></svg><text>x</text></svg>';
    expect(stripRawText(nested)).toBe('<svg><svg></svg><text>x</text></svg>');
    expect(stripRawText('<svg/><p>b</p>')).toBe('<svg/><p>b</p>');
  });
});
