import { describe, expect, it } from 'vitest';
import { htmlParser } from './parser.js';
import { stripDataAttributes } from './prescan.js';

describe('stripDataAttributes', () => {
  it('drops data-* attributes of start tags and keeps the ones the converter reads', () => {
    expect(stripDataAttributes('<div data-a="1" class="x" data-b=\'2\' data-c=3 data-d>t</div>')).toBe(
      '<div  class="x"   >t</div>',
    );
    expect(stripDataAttributes('<img data-src="a.png" data-x="y" src="p.gif">')).toBe(
      '<img data-src="a.png"  src="p.gif">',
    );
  });

  it('leaves text, quoted values and end tags alone', () => {
    const s = '<p title="see data-x=1 > here">data-driven, a data-b="c" text</p><a href=x/data-y>z</a>';
    expect(stripDataAttributes(s)).toBe(s);
    expect(stripDataAttributes('<p>1 < 2 data-x</p>')).toBe('<p>1 < 2 data-x</p>');
  });

  it('copes with a tag cut off at the end of the page', () => {
    expect(stripDataAttributes('<div data-a="unterminated')).toBe('<div ');
    expect(stripDataAttributes('<div class=a data-')).toBe('<div class=a ');
  });

  it('is used for Markdown requests and not when the cleaned HTML is asked for', () => {
    const bytes = new TextEncoder().encode('<p data-secret="1">Hello</p>');
    const ctx = (formats: unknown) =>
      ({
        options: { formats, onlyMainContent: false, timeout: 30_000 },
        warn: () => {},
        checkpoint: () => {},
      }) as unknown as Parameters<typeof htmlParser.parse>[1];
    const md = htmlParser.parse(bytes, ctx([{ type: 'markdown' }])) as { html?: string };
    const html = htmlParser.parse(bytes, ctx([{ type: 'html' }])) as { html?: string };
    expect(md.html).not.toContain('data-secret');
    expect(html.html).toContain('data-secret');
  });
});
