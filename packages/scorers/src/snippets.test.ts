import { describe, expect, it } from 'vitest';
import { addCounts, markdownToPlain, normalizeSpace, scoreSnippets, snippetPrf } from './snippets.js';

describe('trafilatura snippet scorer', () => {
  it('reduces Markdown to the text a reader sees, inline markup removed without a gap', () => {
    const md = [
      '# The **title** #',
      '',
      '> - 1\\. Item with [a link](https://x.com/a_(b) "t") and ![img](a.png)',
      '',
      'Some **bold**, _em_ and `code`; snake_case stays, 5 \\* 3 and a\\_b.',
      '',
      '| a | b |',
      '|---|:-:|',
      '| c | d &amp; e |',
    ].join('\n');
    const t = normalizeSpace(markdownToPlain(md));
    expect(t).toBe(
      'The title 1. Item with a link and Some bold, em and code; snake_case stays, 5 * 3 and a_b. a b c d & e',
    );
  });
  it('matches whitespace-normalised substrings, case kept, and pools counts', () => {
    const page = scoreSnippets(
      'Hello\n  big   world.\nMore',
      ['big world.', 'Big world', 'More'],
      ['Hello big', 'absent'],
    );
    expect(page).toMatchObject({ tp: 2, fn: 1, fp: 1, tn: 1, missed: ['Big world'], leaked: ['Hello big'] });
    // No output at all: every wanted snippet missed, every unwanted one absent.
    expect(scoreSnippets(undefined, ['a'], ['b'])).toMatchObject({ tp: 0, fn: 1, fp: 0, tn: 1 });
    const c = addCounts([page, { tp: 1, fn: 0, fp: 0, tn: 2 }]);
    expect(c).toEqual({ tp: 3, fn: 1, fp: 1, tn: 3 });
    const s = snippetPrf(c);
    expect(s.precision).toBeCloseTo(3 / 4, 12);
    expect(s.recall).toBeCloseTo(3 / 4, 12);
    expect(s.f1).toBeCloseTo(6 / 8, 12);
    expect(s.accuracy).toBeCloseTo(6 / 8, 12);
  });
});
