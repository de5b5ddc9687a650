import type { ComputedStyles, ElementStyle, StyledElement } from '../../engines/page.js';
import type { Declarations } from './branding-motion.js';
import { type El, elements } from './html-tree.js';

/**
 * The `typography` and `layout` parts of `branding`, as the official client's BrandingProfile
 * names them. Typography: the font families and stacks of the body, headings and code, the
 * sizes of h1-h3, body and small text, line heights and the weights in use. Layout: the page's
 * landmarks (header, nav, main, aside, footer) with the header's and footer's heights, and its
 * first multi-column grid (columns, max width; its gap is `spacing.gridGutter`). Stated CSS
 * first, the rendered page's computed styles after; a computed value equal to what the browser
 * gives the same element without author CSS is the browser's default, not the page's, and is
 * left out. Nothing here needs a model; `personality` does, and is not produced.
 */
export interface Typography {
  fontFamilies?: { primary?: string; heading?: string; code?: string };
  fontStacks?: { body?: string[]; heading?: string[]; code?: string[] };
  fontSizes?: { h1?: string; h2?: string; h3?: string; body?: string; small?: string };
  lineHeights?: { heading?: number; body?: number };
  fontWeights?: { light?: number; regular?: number; medium?: number; bold?: number };
}

export interface Layout {
  /** The landmarks present, in the order header, nav, main, aside, footer (space-separated). */
  landmarks?: string;
  headerHeight?: string;
  footerHeight?: string;
  grid?: { columns?: number; maxWidth?: string };
}

const GENERIC =
  /^(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-\w+|inherit|initial|unset|var\(.*)$/i;

/** A font-family value as its list of families, unquoted. */
const stackOf = (v: string): string[] =>
  v
    .split(',')
    .map((f) => f.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);

/** The first family of a stack that names a font (not a generic family). */
const familyOf = (v: string | undefined) => {
  const first = v ? stackOf(v)[0] : undefined;
  return first && !GENERIC.test(first) ? first : undefined;
};

/** A computed property of a picked element, unless it is what the browser gives it by default. */
export function ownStyle(
  c: ComputedStyles | undefined,
  el: StyledElement,
  prop: keyof ElementStyle,
): string | undefined {
  const style = c?.[el] as ElementStyle | null | undefined;
  const v = style?.[prop];
  if (typeof v !== 'string' || !v) return undefined;
  const base = c?.defaults?.[el]?.[prop];
  return base !== undefined && base === v ? undefined : v;
}

const SIZE = /^\d*\.?\d+(px|rem|em|pt|%|vw|vh)$|^(clamp|calc|min|max)\(.+\)$/i;
const px = (v: string | undefined) => (v && /^\d*\.?\d+px$/.test(v) ? Number.parseFloat(v) : undefined);

/** A line height as a ratio of the font size ("24px" on "16px" → 1.5); undefined for `normal`. */
function ratio(lineHeight: string | undefined, fontSize: string | undefined): number | undefined {
  if (!lineHeight || lineHeight === 'normal') return undefined;
  if (/^\d*\.?\d+$/.test(lineHeight)) return Number(lineHeight);
  const lh = px(lineHeight);
  const fs = px(fontSize);
  return lh && fs ? Math.round((lh / fs) * 100) / 100 : undefined;
}

const WEIGHT_NAME = (w: number): keyof NonNullable<Typography['fontWeights']> =>
  w <= 300 ? 'light' : w < 500 ? 'regular' : w < 600 ? 'medium' : 'bold';

function setIf<T extends object, K extends keyof T>(o: T, k: K, v: T[K] | undefined): void {
  if (v !== undefined && o[k] === undefined) o[k] = v;
}

const nonEmpty = <T extends object>(o: T): T | undefined => (Object.keys(o).length ? o : undefined);

export function extractTypography(decl: Declarations, c: ComputedStyles | undefined): Typography | undefined {
  const body = decl(/^(body|html|:root)$/i);
  const headings = decl(/^h[1-3]$/i);
  const code = decl(/^(code|pre|kbd)$/i);
  const families: NonNullable<Typography['fontFamilies']> = {};
  const stacks: NonNullable<Typography['fontStacks']> = {};
  const stated = (v: string | undefined, fam: keyof typeof families, stack: keyof typeof stacks) => {
    if (!v || v.startsWith('var(')) return;
    setIf(families, fam, familyOf(v));
    setIf(stacks, stack, stackOf(v));
  };
  stated(body.get('font-family'), 'primary', 'body');
  stated(headings.get('font-family'), 'heading', 'heading');
  stated(code.get('font-family'), 'code', 'code');
  stated(ownStyle(c, 'body', 'fontFamily'), 'primary', 'body');
  stated(ownStyle(c, 'heading', 'fontFamily'), 'heading', 'heading');
  stated(ownStyle(c, 'code', 'fontFamily'), 'code', 'code');

  const sizes: NonNullable<Typography['fontSizes']> = {};
  for (const el of ['h1', 'h2', 'h3', 'small'] as const) {
    const v = decl(new RegExp(`^${el}$`, 'i')).get('font-size');
    setIf(sizes, el, v && SIZE.test(v) ? v : undefined);
    setIf(sizes, el, ownStyle(c, el, 'fontSize'));
  }
  const bodySize = body.get('font-size');
  setIf(sizes, 'body', bodySize && SIZE.test(bodySize) ? bodySize : undefined);
  setIf(sizes, 'body', ownStyle(c, 'body', 'fontSize'));

  const lineHeights: NonNullable<Typography['lineHeights']> = {};
  setIf(lineHeights, 'body', ratio(body.get('line-height'), body.get('font-size')));
  setIf(lineHeights, 'heading', ratio(headings.get('line-height'), headings.get('font-size')));
  setIf(lineHeights, 'body', ratio(ownStyle(c, 'body', 'lineHeight'), c?.body?.fontSize));
  setIf(lineHeights, 'heading', ratio(ownStyle(c, 'h1', 'lineHeight'), c?.h1?.fontSize));

  // The weights the page sets on its text (the browser's 400 body and bold headings are not).
  const weights: NonNullable<Typography['fontWeights']> = {};
  const weightOf = (v: string | undefined) => {
    const w = v === 'bold' ? 700 : v === 'normal' ? 400 : Number(v);
    if (Number.isFinite(w) && w > 0) setIf(weights, WEIGHT_NAME(w), w);
  };
  weightOf(body.get('font-weight'));
  weightOf(headings.get('font-weight'));
  for (const el of ['body', 'h1', 'h2', 'h3', 'button'] as const) weightOf(ownStyle(c, el, 'fontWeight'));

  const out: Typography = {};
  setIf(out, 'fontFamilies', nonEmpty(families));
  setIf(out, 'fontStacks', nonEmpty(stacks));
  setIf(out, 'fontSizes', nonEmpty(sizes));
  setIf(out, 'lineHeights', nonEmpty(lineHeights));
  setIf(out, 'fontWeights', nonEmpty(weights));
  return nonEmpty(out);
}

const LANDMARKS: [string, (el: El) => boolean][] = [
  ['header', (el) => el.name === 'header' || el.attrs.role === 'banner'],
  ['nav', (el) => el.name === 'nav' || el.attrs.role === 'navigation'],
  ['main', (el) => el.name === 'main' || el.attrs.role === 'main'],
  ['aside', (el) => el.name === 'aside' || el.attrs.role === 'complementary'],
  ['footer', (el) => el.name === 'footer' || el.attrs.role === 'contentinfo'],
];

/** Layout from the markup's landmarks, and from the rendered page when there is one. */
export function extractLayout(tree: El, c: ComputedStyles | undefined): Layout | undefined {
  const present = new Set<string>(Object.keys(c?.landmarks ?? {}));
  if (!c?.landmarks) {
    for (const el of elements(tree)) for (const [name, is] of LANDMARKS) if (is(el)) present.add(name);
  }
  const out: Layout = {};
  const names = LANDMARKS.map(([n]) => n).filter((n) => present.has(n));
  if (names.length) out.landmarks = names.join(' ');
  const height = (n: string) => {
    const h = c?.landmarks?.[n];
    return h && h > 0 ? `${h}px` : undefined;
  };
  setIf(out, 'headerHeight', height('header'));
  setIf(out, 'footerHeight', height('footer'));
  const grid: NonNullable<Layout['grid']> = {};
  if (c?.grid) grid.columns = c.grid.columns;
  if (c?.maxWidth) grid.maxWidth = c.maxWidth;
  setIf(out, 'grid', nonEmpty(grid));
  return nonEmpty(out);
}

/** The gap of the page's first grid in px (`spacing.gridGutter`), when it has one. */
export const gridGutter = (c: ComputedStyles | undefined): number | undefined => {
  const g = px(c?.grid?.gap);
  return g && g > 0 ? g : undefined;
};
