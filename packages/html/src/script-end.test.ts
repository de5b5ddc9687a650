import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { scriptEnd } from './script-end.js';

type El = DefaultTreeAdapterMap['element'];

/** Where parse5 ends the first script's body in `<script>` + body (-1: at the end of the page). */
function parse5End(html: string): number {
  const first = (n: DefaultTreeAdapterMap['parentNode']): El | undefined => {
    for (const c of n.childNodes) {
      const el = c as El;
      if (el.tagName === 'script') return el;
      const inner = el.childNodes ? first(el) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const script = first(parse(html, { sourceCodeLocationInfo: true }));
  if (!script) throw new Error('no script');
  return script.sourceCodeLocation?.endTag?.startOffset ?? -1;
}

describe('scriptEnd (the script data states of the HTML tokenizer)', () => {
  it('ends where the tokenizer ends a script holding <!--', () => {
    const cases = [
      '<script><!-- document.write("<script>a</script>"); --></script><p>z</p>',
      '<script><!-- a </script><p>z</p>',
      '<script><!--></script><p>z</p>',
      '<script><!---></script><p>z</p>',
      '<script>x = "<!--<script>"; y = "</script>"; --></script><p>z</p>',
      '<script><!-- <script> </SCRIPT > --> </script ><p>z</p>',
      '<script><!-- <scripts> </scripts> </script/><p>z</p>',
      '<script><!-- <script> --> </script><p>z</p>',
    ];
    for (const html of cases) expect(scriptEnd(html, 8), html).toBe(parse5End(html));
  });

  it('agrees with parse5 on random bodies made of the tokens that move its states', () => {
    const parts = [
      '<!--',
      '-->',
      '-',
      '--',
      '>',
      '<',
      '/',
      '<script>',
      '<script ',
      '</script>',
      '</script ',
      '</script/',
      '</scripts>',
      '<SCRIPT>',
      '</Script>',
      'x',
      ' ',
      '<!',
      '<!-',
      '</',
      '<s',
    ];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let t = 0; t < 3000; t++) {
      let body = '';
      for (let k = rand(14); k >= 0; k--) body += parts[rand(parts.length)];
      const html = `<script>${body}</script><p>z</p>`;
      expect(scriptEnd(html, 8), html).toBe(parse5End(html));
    }
  });
});
