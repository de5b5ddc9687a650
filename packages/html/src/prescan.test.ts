import { describe, expect, it } from 'vitest';
import { prescan } from './prescan.js';

describe('prescan', () => {
  it('empties scripts, drops comments and data attributes in one scan', () => {
    const html =
      '<div data-a="1" class="x"><!-- c <script>x</script> --><script data-b=2>var a = "<div data-c>";</script>' +
      '<title>t <b data-d="e"></title><img data-src="a.png" data-x="y"></div>';
    expect(prescan(html, { dropData: true }).html).toBe(
      '<div  class="x"><script ></script><title>t <b ></title><img data-src="a.png" ></div>',
    );
    expect(prescan(html).html).toBe(
      '<div data-a="1" class="x"><script data-b=2></script><title>t <b data-d="e"></title><img data-src="a.png" data-x="y"></div>',
    );
  });

  it('counts the nesting depth of start tags, not void, self-closed or raw-text ones', () => {
    expect(prescan('<div><p><br><img/><span>a</span></p><p>b</p></div>').depth).toBe(3);
    expect(prescan('<div><script><div><div></script><textarea></textarea></div>').depth).toBe(1);
    expect(prescan('<div>'.repeat(2000)).depth).toBe(2000);
  });
});
