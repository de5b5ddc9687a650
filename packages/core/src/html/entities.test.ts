import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './entities.js';

describe('decodeHtmlEntities', () => {
  it('reads numeric references and the named ones tag scans meet', () => {
    expect(decodeHtmlEntities('Ng &amp; B &lt;i&gt; &quot;x&quot; &apos;y&#39; &#x41;&#X42;&#67;')).toBe(
      'Ng & B <i> "x" \'y\' ABC',
    );
    expect(decodeHtmlEntities('a&nbsp;b&NBSP;c')).toBe('a\u00a0b\u00a0c');
  });

  it('leaves unknown names, out-of-range numbers and bare ampersands as written', () => {
    expect(decodeHtmlEntities('&eacute; &#0; &#x110000; AT&T &amp')).toBe(
      '&eacute; &#0; &#x110000; AT&T &amp',
    );
  });
});
