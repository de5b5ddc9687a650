import type { Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { cell, inlineText, paragraph, text } from '../model/build.js';
import type { Block, Inline } from '../model/types.js';
import { blockToMarkdown, toMarkdown } from './markdown.js';

/**
 * Round trips: the model is written to Markdown, read back by a CommonMark+GFM parser
 * (micromark, the reference implementation behind remark), and both sides are reduced to the
 * same simple shape. Whatever the emitter writes must mean what the model says.
 */
type Simple = string | Simple[] | { [k: string]: Simple | number | boolean | undefined };

function mdInline(nodes: RootContent[]): string {
  return nodes
    .map((n): string => {
      switch (n.type) {
        case 'text':
          return n.value;
        case 'inlineCode':
          return `\`${n.value}\``;
        case 'strong':
          return `<b>${mdInline(n.children)}</b>`;
        case 'emphasis':
          return `<i>${mdInline(n.children)}</i>`;
        case 'delete':
          return `<s>${mdInline(n.children)}</s>`;
        case 'link':
          return `<a ${n.url}>${mdInline(n.children)}</a>`;
        case 'image':
          return `<img ${n.url} ${n.alt ?? ''}>`;
        case 'break':
          return '\n';
        case 'html':
          return n.value;
        default:
          return `?${n.type}`;
      }
    })
    .join('');
}

function modelInline(nodes: readonly Inline[]): string {
  return nodes
    .map((n): string => {
      switch (n.kind) {
        case 'text':
          return n.text;
        case 'code':
          return `\`${n.text}\``;
        case 'strong':
          return `<b>${modelInline(n.children)}</b>`;
        case 'emphasis':
          return `<i>${modelInline(n.children)}</i>`;
        case 'strike':
          return `<s>${modelInline(n.children)}</s>`;
        case 'link':
          return `<a ${n.href}>${modelInline(n.children)}</a>`;
        case 'image':
          return `<img ${n.src ?? ''} ${n.alt ?? ''}>`;
        case 'lineBreak':
          return '\n';
        default:
          return inlineText([n]);
      }
    })
    .join('');
}

function mdBlock(n: RootContent): Simple {
  switch (n.type) {
    case 'heading':
      return { h: n.depth, t: mdInline(n.children) };
    case 'paragraph':
      return { p: mdInline(n.children) };
    case 'list':
      return {
        ordered: n.ordered ?? false,
        start: n.ordered ? (n.start ?? 1) : undefined,
        items: n.children.map((li) => li.children.map(mdBlock)),
      };
    case 'table':
      return { table: n.children.map((row) => row.children.map((c) => mdInline(c.children))) };
    case 'code':
      return { code: n.value, lang: n.lang ?? undefined };
    case 'blockquote':
      return { quote: n.children.map(mdBlock) };
    case 'thematicBreak':
      return 'hr';
    case 'html':
      return { html: n.value };
    default:
      return `?${n.type}`;
  }
}

function modelBlock(b: Block): Simple {
  switch (b.kind) {
    case 'heading':
      return { h: b.level, t: modelInline(b.content) };
    case 'paragraph':
      return { p: modelInline(b.content) };
    case 'list':
      return {
        ordered: b.ordered,
        start: b.ordered ? (b.start ?? 1) : undefined,
        items: b.items.map((it) => it.blocks.map(modelBlock)),
      };
    case 'table':
      return { table: b.rows.map((row) => row.map((c) => modelInline(c.content))) };
    case 'code':
      return { code: b.text, lang: b.lang };
    case 'quote':
      return { quote: b.children.map(modelBlock) };
    case 'rule':
      return 'hr';
    default:
      return `?${b.kind}`;
  }
}

const read = (md: string): Simple[] =>
  (fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as Root).children.map(
    mdBlock,
  );

function roundTrip(blocks: Block[]) {
  const { markdown } = toMarkdown(blocks);
  expect(read(markdown), markdown).toEqual(blocks.map(modelBlock));
}

const strong = (...children: Inline[]): Inline => ({ kind: 'strong', children });
const em = (...children: Inline[]): Inline => ({ kind: 'emphasis', children });
const link = (href: string, ...children: Inline[]): Inline => ({ kind: 'link', href, children });
const li = (...blocks: Block[]) => ({ blocks });

describe('Markdown emitter round trips through a CommonMark+GFM parser', () => {
  it('headings of every level', () => {
    roundTrip(
      [1, 2, 3, 4, 5, 6].map(
        (level) => ({ kind: 'heading', level, content: [text(`Level ${level}`)] }) as Block,
      ),
    );
  });

  it('emphasis, strong, strike, code, links and images inline', () => {
    roundTrip([
      paragraph([
        text('A '),
        strong(text('bold')),
        text(' and '),
        em(text('italic')),
        text(', '),
        { kind: 'strike', children: [text('gone')] },
        text(', '),
        { kind: 'code', text: 'a`b' },
        text(', '),
        link('https://example.com/a_(b)', text('a link')),
        text(' and '),
        { kind: 'image', src: 'img/x.png', alt: 'a picture' },
        text('.'),
      ]),
    ]);
  });

  it('nested lists, ordered with a start, bullets inside numbers and the reverse', () => {
    roundTrip([
      {
        kind: 'list',
        ordered: false,
        items: [
          li(paragraph('one'), {
            kind: 'list',
            ordered: true,
            start: 3,
            items: [
              li(paragraph('three'), { kind: 'list', ordered: false, items: [li(paragraph('deep'))] }),
              li(paragraph('four')),
            ],
          }),
          li(paragraph('two')),
        ],
      },
    ]);
    roundTrip([
      {
        kind: 'list',
        ordered: true,
        start: 9,
        items: [li(paragraph('nine')), li(paragraph('ten')), li(paragraph('eleven'))],
      },
    ]);
  });

  it('a heading bold as a whole loses the bold; bold on part of it stays', () => {
    const h = (content: Inline[]): Block => ({ kind: 'heading', level: 3, content });
    expect(toMarkdown([h([text(' '), strong(text('Key factors')), text(' ')])]).markdown).toBe(
      '### Key factors\n',
    );
    expect(toMarkdown([h([strong(text('Key')), text(' factors')])]).markdown).toBe('### **Key** factors\n');
  });

  it('lists that follow each other stay apart (the marker alternates)', () => {
    const bullets = (...t: string[]): Block => ({
      kind: 'list',
      ordered: false,
      items: t.map((x) => li(paragraph(x))),
    });
    const numbers = (start: number, ...t: string[]): Block => ({
      kind: 'list',
      ordered: true,
      start,
      items: t.map((x) => li(paragraph(x))),
    });
    roundTrip([bullets('a', 'b'), bullets('c'), bullets('d', 'e')]);
    roundTrip([numbers(1, 'one', 'two'), numbers(3, 'three'), bullets('x'), bullets('y')]);
    // The same inside a list item, and across a page break without page markers.
    roundTrip([{ kind: 'list', ordered: false, items: [li(paragraph('p'), bullets('q'), bullets('r'))] }]);
    const { markdown } = toMarkdown([bullets('a'), { kind: 'pageBreak', page: 2 }, bullets('b')]);
    expect(markdown).toBe('* a\n\n- b\n');
    // A list after other blocks starts again with '*'.
    expect(toMarkdown([bullets('a'), paragraph('p'), bullets('b')]).markdown).toBe('* a\n\np\n\n* b\n');
  });

  it('list items with several paragraphs (loose lists)', () => {
    roundTrip([
      {
        kind: 'list',
        ordered: false,
        items: [li(paragraph('first'), paragraph('more of first')), li(paragraph('second'))],
      },
    ]);
  });

  it('tables without spans as GFM, with pipes and emphasis in cells', () => {
    roundTrip([
      {
        kind: 'table',
        rows: [
          [cell('Name', { header: true }), cell('Value | unit', { header: true })],
          [cell([strong(text('a'))]), cell('1 | m')],
          [cell('b'), cell('')],
        ],
      },
    ]);
  });

  it('tables with spans become HTML tables that keep every cell', () => {
    const { markdown } = toMarkdown([
      {
        kind: 'table',
        rows: [
          [cell('Region', { header: true, rowSpan: 2 }), cell('Sales', { header: true, colSpan: 2 })],
          [cell('Q1', { header: true }), cell('Q2', { header: true })],
          [cell('North'), cell('1 < 2'), cell('3')],
        ],
      },
    ]);
    expect(markdown).toBe(
      '<table>\n<tr><th rowspan="2">Region</th><th colspan="2">Sales</th></tr>\n<tr><th>Q1</th><th>Q2</th></tr>\n<tr><td>North</td><td>1 &lt; 2</td><td>3</td></tr>\n</table>\n',
    );
    const tree = read(markdown);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toHaveProperty('html');
  });

  it('keeps rows that start no cell, so row spans stay right', () => {
    const { markdown } = toMarkdown([
      {
        kind: 'table',
        rows: [[cell('tall', { rowSpan: 2 }), cell('wide', { rowSpan: 2 })], [], [cell('a'), cell('b')]],
      },
    ]);
    expect(markdown).toBe(
      '<table>\n<tr><td rowspan="2">tall</td><td rowspan="2">wide</td></tr>\n<tr></tr>\n<tr><td>a</td><td>b</td></tr>\n</table>\n',
    );
  });

  it('code blocks with a language, even when they hold fences', () => {
    roundTrip([
      { kind: 'code', lang: 'ts', text: 'const a = 1;\n```\nnot the end' },
      { kind: 'code', text: '# not a heading\n- not a list' },
    ]);
  });

  it('block quotes and rules', () => {
    roundTrip([
      {
        kind: 'quote',
        children: [paragraph('quoted'), { kind: 'list', ordered: false, items: [li(paragraph('x'))] }],
      },
      { kind: 'rule' },
      paragraph('after'),
    ]);
  });

  it('escapes what would otherwise become syntax, and only that', () => {
    const tricky = [
      '# not a heading',
      '- not a list',
      '+ not a list',
      '* not a list either: a note under a table',
      '1. not a list',
      '> not a quote',
      '*not emphasis*',
      '_not emphasis_',
      '**not strong**',
      'a | b',
      '[not](a link)',
      '`not code`',
      '<div>not html</div>',
      '&amp; stays literal',
      '~~not struck~~',
      '---',
      '===',
      'snake_case and 2 * 3 * 4 stay',
      'back\\slash and \\* star',
    ];
    for (const t of tricky) roundTrip([paragraph(t)]);
    const { markdown } = toMarkdown([paragraph('snake_case and 2 * 3 and [1] stay readable')]);
    expect(markdown).toBe('snake_case and 2 * 3 and [1] stay readable\n');
    // In table cells the pipe is escaped, and a line start is no line start.
    roundTrip([{ kind: 'table', rows: [[cell('# h', { header: true })], [cell('a|b')]] }]);
  });

  it('line breaks inside paragraphs', () => {
    roundTrip([paragraph([text('one'), { kind: 'lineBreak' }, text('two')])]);
  });
});

describe('Markdown spans', () => {
  const doc: Block[] = [
    { kind: 'heading', level: 1, content: [text('Title')] },
    paragraph('Intro with *stars*.'),
    {
      kind: 'list',
      ordered: true,
      items: [
        li(paragraph('a')),
        li(paragraph('b'), { kind: 'list', ordered: false, items: [li(paragraph('c'))] }),
      ],
    },
    {
      kind: 'table',
      rows: [
        [cell('x', { header: true }), cell('y', { header: true })],
        [cell('1'), cell('2')],
      ],
    },
    { kind: 'pageBreak', page: 2 },
    { kind: 'image', src: 'a.png', alt: 'alt' },
    { kind: 'heading', level: 2, content: [] },
    { kind: 'code', lang: 'py', text: 'print(1)' },
    { kind: 'quote', children: [paragraph('q')] },
    { kind: 'formula', tex: 'E = mc^2', display: true },
    { kind: 'comment', text: 'Slide number: 2' },
    { kind: 'table', rows: [[cell('wide', { colSpan: 2 })], [cell('1'), cell('2')]] },
  ];

  for (const pageMarkers of [false, true]) {
    it(`slice exactly each block's Markdown (pageMarkers ${pageMarkers})`, () => {
      const { markdown, spans } = toMarkdown(doc, { pageMarkers });
      expect(spans).toHaveLength(doc.length);
      doc.forEach((b, i) => {
        expect(markdown.slice(spans[i][0], spans[i][1])).toBe(blockToMarkdown(b, { pageMarkers }));
      });
      for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
    });
  }

  it('write page markers only between pages, and per-page Markdown', () => {
    const { markdown, pages } = toMarkdown(
      [
        paragraph('one'),
        { kind: 'pageBreak', page: 2 },
        paragraph('two'),
        { kind: 'pageBreak', page: 5 },
        paragraph('five'),
      ],
      { pageMarkers: true },
    );
    expect(markdown).toBe('one\n\n---\n\n<!-- page 2 -->\n\ntwo\n\n---\n\n<!-- page 5 -->\n\nfive\n');
    expect(pages).toEqual([
      { pageNumber: 1, markdown: 'one' },
      { pageNumber: 2, markdown: 'two' },
      { pageNumber: 5, markdown: 'five' },
    ]);
    expect(toMarkdown([paragraph('one'), { kind: 'pageBreak', page: 2 }, paragraph('two')]).markdown).toBe(
      'one\n\ntwo\n',
    );
  });

  it('is deterministic', () => {
    expect(toMarkdown(doc, { pageMarkers: true })).toEqual(
      toMarkdown(structuredClone(doc), { pageMarkers: true }),
    );
  });
});

describe('Markdown emitter at scale and with placeholders', () => {
  it('writes the base64 placeholder as an angle-bracket destination', async () => {
    const { removeBase64Images } = await import('../transforms/base64-images.js');
    const blocks = removeBase64Images([
      paragraph([{ kind: 'image', src: 'data:image/png;base64,iVBORw0KGgo=', alt: 'dot' }]),
    ]);
    expect(toMarkdown(blocks).markdown).toBe('![dot](<Base64-Image-Removed>)\n');
  });

  it('writes 50,000 links in one paragraph in linear time', () => {
    const content: Inline[] = [];
    for (let i = 0; i < 50_000; i++) content.push(link(`https://e.com/${i}`, text(`l${i}`)), text(' '));
    const { markdown } = toMarkdown([paragraph(content)]);
    expect(markdown.startsWith('[l0](https://e.com/0) [l1]')).toBe(true);
  });
});
