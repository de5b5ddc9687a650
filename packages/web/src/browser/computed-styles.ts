import { SPACING_TOKENS } from '../engines/page.js';

/**
 * The landmark elements branding reads, by the name `ComputedStyles` gives them: the first
 * element each selector matches.
 */
const PICKS: Record<string, string> = {
  body: 'body',
  link: 'a[href]',
  heading: 'h1, h2',
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  small: 'small',
  code: 'code, pre, kbd',
  button: 'button, [role=button], .btn, .button',
  input:
    'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]):not([type=image]), textarea',
};

/**
 * The same elements in a document without any author CSS (an about:blank frame of the page),
 * so what Chromium applies by default (black text, blue links, Times New Roman, grey buttons,
 * 2em headings) can be told from what the page's CSS says.
 */
const REFERENCE_BODY =
  '<a href="#">a</a><h1>h</h1><h2>h</h2><h3>h</h3><small>s</small><code>c</code><button>b</button><input>';

/**
 * Evaluated in the rendered page (`page.evaluate`): computed styles of the landmark elements
 * with the user-agent reference beside them, the page's spacing tokens, its landmarks (header,
 * nav, main, aside, footer: present, with their heights) and its first multi-column grid.
 * The reference frame is removed before the page's HTML is read.
 */
export const COMPUTED_STYLES = `(() => {
  const PICKS = ${JSON.stringify(PICKS)};
  const styleOf = (el) => {
    const s = el.ownerDocument.defaultView.getComputedStyle(el);
    return {
      color: s.color, backgroundColor: s.backgroundColor, fontFamily: s.fontFamily,
      fontSize: s.fontSize, lineHeight: s.lineHeight, fontWeight: s.fontWeight,
      borderColor: s.borderTopColor, borderStyle: s.borderTopStyle,
      transitionDuration: s.transitionDuration, transitionTimingFunction: s.transitionTimingFunction,
      borderRadius: s.borderRadius, padding: [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft],
      margin: [s.marginTop, s.marginRight, s.marginBottom, s.marginLeft],
    };
  };
  const picksOf = (doc) => {
    const out = {};
    for (const [name, sel] of Object.entries(PICKS)) {
      const el = doc.querySelector(sel);
      out[name] = el ? styleOf(el) : null;
    }
    return out;
  };
  const picks = picksOf(document);
  // A second kind of button: the first button-like element styled unlike the first one.
  picks.button2 = null;
  if (picks.button) {
    const key = (st) => [st.backgroundColor, st.color, st.borderColor, st.borderStyle].join('|');
    const first = key(picks.button);
    const buttons = document.querySelectorAll(PICKS.button);
    for (let i = 1; i < buttons.length && i < 50; i++) {
      const st = styleOf(buttons[i]);
      if (key(st) !== first) { picks.button2 = st; break; }
    }
  }
  let defaults = null;
  try {
    const frame = document.createElement('iframe');
    frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
    document.documentElement.appendChild(frame);
    try {
      const doc = frame.contentDocument;
      doc.body.innerHTML = ${JSON.stringify(REFERENCE_BODY)};
      defaults = picksOf(doc);
      defaults.button2 = defaults.button;
    } finally {
      frame.remove();
    }
  } catch {}
  const root = getComputedStyle(document.documentElement);
  const tokens = {};
  for (const name of ${JSON.stringify(SPACING_TOKENS)}) {
    const v = root.getPropertyValue(name).trim();
    if (v) tokens[name] = v;
  }
  const landmarks = {};
  const LANDMARKS = { header: 'header, [role=banner]', nav: 'nav, [role=navigation]', main: 'main, [role=main]', aside: 'aside, [role=complementary]', footer: 'footer, [role=contentinfo]' };
  for (const [name, sel] of Object.entries(LANDMARKS)) {
    const el = document.querySelector(sel);
    if (el) landmarks[name] = Math.round(el.getBoundingClientRect().height);
  }
  let grid = null;
  const all = document.body ? document.body.getElementsByTagName('*') : [];
  for (let i = 0; i < all.length && i < 5000; i++) {
    const s = getComputedStyle(all[i]);
    if (s.display !== 'grid' && s.display !== 'inline-grid') continue;
    const tracks = s.gridTemplateColumns.split(/\\s+(?![^(]*\\))/).filter((t) => t && t !== 'none');
    if (tracks.length < 2) continue;
    grid = { columns: tracks.length, gap: s.columnGap };
    break;
  }
  let maxWidth = null;
  const containers = document.querySelectorAll('main, [role=main], body > *, body > * > *');
  for (let i = 0; i < containers.length && i < 200; i++) {
    const mw = getComputedStyle(containers[i]).maxWidth;
    if (mw && mw !== 'none' && /px$/.test(mw)) { maxWidth = mw; break; }
  }
  return { ...picks, defaults, colorScheme: root.colorScheme, tokens, landmarks, grid, maxWidth };
})()`;
