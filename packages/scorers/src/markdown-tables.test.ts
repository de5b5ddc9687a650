import { describe, expect, it } from 'vitest';
import { markdownTablesToHtml } from './markdown-tables.js';
import { collapseWs, htmlUnescape, pyStrip, splitlines } from './pytext.js';

describe('markdown tables to HTML (converter_markdown_table.py)', () => {
  it('converts a pipe table and keeps the line ending', () => {
    const md = 'before\n| a | b |\n|---|:-:|\n| 1 | <x> |\nafter';
    expect(markdownTablesToHtml(md)).toBe(
      'before\n<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>&lt;x&gt;</td></tr></table>\nafter',
    );
  });

  it('pads short rows, truncates long ones and repeats a 3-cell header middle', () => {
    const md = '| A | B | C |\n|-|-|-|-|-|\n| 1 |\n| 1 | 2 | 3 | 4 | 5 | 6 |\n';
    expect(markdownTablesToHtml(md)).toBe(
      '<table><tr><th>A</th><th>B</th><th>B</th><th>B</th><th>C</th></tr>' +
        '<tr><td>1</td><td></td><td></td><td></td><td></td></tr>' +
        '<tr><td>1</td><td>2</td><td>3</td><td>4</td><td>5</td></tr></table>\n',
    );
  });

  it('takes the first body row as header when the header is empty', () => {
    expect(markdownTablesToHtml('| | |\n|--|--|\n| h1 | h2 |\n| v1 | v2 |')).toBe(
      '<table><tr><th>h1</th><th>h2</th></tr><tr><td>v1</td><td>v2</td></tr></table>\n',
    );
  });

  it('leaves text without a separator row alone', () => {
    expect(markdownTablesToHtml('a | b\nc | d\n')).toBe('a | b\nc | d\n');
  });
});

describe('Python text semantics', () => {
  it('splits lines like str.splitlines', () => {
    expect(splitlines('a\r\nb\rc\x0bd\u2028e\n')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(splitlines('a\r\nb', true)).toEqual(['a\r\n', 'b']);
  });
  it('treats \\x1c-\\x1f and \\x85 as whitespace but not \\ufeff', () => {
    expect(collapseWs(' a\x1c\x85b ')).toBe('a b');
    expect(pyStrip('\ufeffa')).toBe('\ufeffa');
  });
  it('unescapes numeric and named references', () => {
    expect(htmlUnescape('&lt;b&gt; &amp;amp; &#65;&#x42; &nbsp;')).toBe('<b> &amp; AB \u00a0');
  });
});
