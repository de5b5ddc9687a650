import type { ComputedStyles } from '../../engines/page.js';
import { extractMotion, type Motion } from './branding-motion.js';
import {
  extractLayout,
  extractTypography,
  gridGutter,
  type Layout,
  ownStyle,
  type Typography,
} from './branding-type.js';
import { elements, resolveHref } from './html-tree.js';
import { allItems, isType, type PageData, text, values } from './schema-items.js';

/**
 * The spec's `branding` object as far as the page states it: colours (theme-color, CSS custom
 * properties named for their role, the body's declared colours), fonts (font-family
 * declarations), logo, favicon and og:image, colour scheme, the transition of its buttons and
 * links (`animations`), its spacing (button radius and padding, body margin, a declared
 * spacing unit, the grid's gutter), typography and layout (`branding-type.ts`), its primary
 * button and text input. Read from the markup and its inline CSS, and from the styles the
 * browser computes when the page was rendered, less what the browser gives the same elements
 * without author CSS (its black text, blue links, Times New Roman and grey buttons are not the
 * page's branding); a field with no statement behind it is left out. `personality` would be
 * a model's judgement, not a statement of the page, and is not produced.
 */
export interface Branding extends Motion {
  colorScheme?: 'light' | 'dark';
  colors?: Partial<
    Record<
      | 'primary'
      | 'secondary'
      | 'accent'
      | 'background'
      | 'textPrimary'
      | 'textSecondary'
      | 'link'
      | 'success'
      | 'warning'
      | 'error',
      string
    >
  >;
  fonts?: { family: string; role?: string }[];
  images?: { logo?: string; favicon?: string; ogImage?: string };
  logo?: string;
  components?: {
    buttonPrimary?: { background: string; textColor: string; borderRadius?: string };
    buttonSecondary?: {
      background?: string;
      textColor?: string;
      borderColor?: string;
      borderRadius?: string;
    };
    input?: { borderColor?: string; borderRadius?: string };
  };
  typography?: Typography;
  layout?: Layout;
}

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([^)]*\)|hsla?\([^)]*\))$/i;
/** Custom-property names mapped to the spec's colour roles (the common design-token names). */
const ROLE_OF: [RegExp, keyof NonNullable<Branding['colors']>][] = [
  [/^--(color-)?(brand-)?primary(-color)?$/i, 'primary'],
  [/^--(color-)?(brand-)?secondary(-color)?$/i, 'secondary'],
  [/^--(color-)?accent(-color)?$/i, 'accent'],
  [/^--(color-)?(background|bg)(-color)?$/i, 'background'],
  [/^--(color-)?(text|foreground|fg)(-primary)?(-color)?$/i, 'textPrimary'],
  [/^--(color-)?text-(secondary|muted)(-color)?$/i, 'textSecondary'],
  [/^--(color-)?link(-color)?$/i, 'link'],
  [/^--(color-)?success(-color)?$/i, 'success'],
  [/^--(color-)?warning(-color)?$/i, 'warning'],
  [/^--(color-)?(error|danger)(-color)?$/i, 'error'],
];

function cssOf(page: PageData): string {
  let css = '';
  for (const el of elements(page.tree)) {
    if (el.name === 'style') css += `${String(el.children[0] ?? '')}\n`;
    if (el.attrs.style && (el.name === 'body' || el.name === 'html'))
      css += `${el.name}{${el.attrs.style}}\n`;
  }
  return css;
}

function declarations(css: string, selector: RegExp): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!m[1].split(',').some((s) => selector.test(s.trim()))) continue;
    for (const d of m[2].split(';')) {
      const i = d.indexOf(':');
      if (i > 0)
        out.set(
          d.slice(0, i).trim().toLowerCase(),
          d
            .slice(i + 1)
            .replace(/!important/i, '')
            .trim(),
        );
    }
  }
  return out;
}

const firstFamily = (v: string) =>
  v
    .split(',')[0]
    .trim()
    .replace(/^["']|["']$/g, '');
const GENERIC = /^(serif|sans-serif|monospace|cursive|fantasy|system-ui|inherit|initial|unset|var\(.*)$/i;

/** A computed colour that shows: not transparent (`rgba(…, 0)` or `transparent`). */
const visible = (c: string | undefined) =>
  c && c !== 'transparent' && !/^rgba\([^)]*,\s*0\)$/.test(c.replace(/\s+/g, ' ')) ? c : undefined;

export function extractBranding(page: PageData, url: string, computed?: ComputedStyles): Branding {
  const out: Branding = {};
  const css = cssOf(page);
  const root = declarations(css, /^(:root|html)$/i);
  const body = declarations(css, /^body$/i);
  const colors: NonNullable<Branding['colors']> = {};
  for (const [prop, value] of root) {
    for (const [re, role] of ROLE_OF)
      if (re.test(prop) && COLOR.test(value) && !colors[role]) colors[role] = value;
  }
  const theme = page.meta.get('theme-color')?.[0];
  if (theme && COLOR.test(theme) && !colors.primary) colors.primary = theme;
  const bg = body.get('background-color') ?? body.get('background');
  if (bg && COLOR.test(bg) && !colors.background) colors.background = bg;
  if (body.get('color') && COLOR.test(body.get('color')!) && !colors.textPrimary)
    colors.textPrimary = body.get('color');
  const link = declarations(css, /^a$/i).get('color');
  if (link && COLOR.test(link) && !colors.link) colors.link = link;
  // What the browser computed fills what the markup did not state (external stylesheets).
  if (computed) {
    colors.textPrimary ??= visible(ownStyle(computed, 'body', 'color'));
    colors.background ??= visible(ownStyle(computed, 'body', 'backgroundColor'));
    colors.link ??= visible(ownStyle(computed, 'link', 'color'));
    for (const k of Object.keys(colors) as (keyof typeof colors)[]) if (!colors[k]) delete colors[k];
    const components = componentsOf(computed);
    if (components) out.components = components;
  }
  if (Object.keys(colors).length) out.colors = colors;

  const fonts: { family: string; role?: string }[] = [];
  const addFont = (v: string | undefined, role: string) => {
    const f = v && firstFamily(v);
    if (f && !GENERIC.test(f) && !fonts.some((x) => x.family === f)) fonts.push({ family: f, role });
  };
  addFont(body.get('font-family') ?? root.get('font-family'), 'body');
  addFont(declarations(css, /^h[1-3]$/i).get('font-family'), 'heading');
  addFont(ownStyle(computed, 'body', 'fontFamily'), 'body');
  addFont(ownStyle(computed, 'heading', 'fontFamily'), 'heading');
  if (fonts.length) out.fonts = fonts;

  const scheme =
    page.meta.get('color-scheme')?.[0] ??
    root.get('color-scheme') ??
    (computed?.colorScheme && computed.colorScheme !== 'normal' ? computed.colorScheme : undefined);
  if (scheme && /^(light|dark)\b/i.test(scheme.trim()))
    out.colorScheme = scheme.trim().split(/\s+/)[0].toLowerCase() as 'light' | 'dark';

  const images: NonNullable<Branding['images']> = {};
  for (const el of elements(page.tree)) {
    if (el.name !== 'link') continue;
    const rel = (el.attrs.rel ?? '').toLowerCase().split(/\s+/);
    if ((rel.includes('icon') || rel.includes('apple-touch-icon')) && !images.favicon)
      images.favicon = resolveHref(el.attrs.href, url);
  }
  const og = page.meta.get('og:image')?.[0];
  if (og) images.ogImage = resolveHref(og, url);
  // A logo the page names: an Organization's logo, else an image marked as the logo.
  const org = allItems(page.items).find((i) =>
    isType(i, 'Organization', 'Corporation', 'LocalBusiness', 'Brand'),
  );
  let logo = org ? (text(org, 'logo') ?? text(values(org, 'logo')[0], 'url')) : undefined;
  if (!logo) {
    for (const el of elements(page.tree)) {
      if (el.name !== 'img') continue;
      const a = el.attrs;
      const marks = `${a.class ?? ''} ${a.id ?? ''} ${a.alt ?? ''} ${a.src ?? ''}`;
      if (/logo/i.test(marks) && a.src) {
        logo = a.src;
        break;
      }
    }
  }
  if (logo) {
    images.logo = resolveHref(logo, url);
    out.logo = images.logo;
  }
  if (Object.keys(images).length) out.images = images;
  const decl = (selector: RegExp) => declarations(css, selector);
  const motion = extractMotion(decl, computed);
  if (motion.animations) out.animations = motion.animations;
  const gutter = gridGutter(computed);
  const spacing = gutter ? { ...motion.spacing, gridGutter: gutter } : motion.spacing;
  if (spacing) out.spacing = spacing;
  const typography = extractTypography(decl, computed);
  if (typography) out.typography = typography;
  const layout = extractLayout(page.tree, computed);
  if (layout) out.layout = layout;
  return out;
}

/**
 * The primary button (its own background and text colour, and radius), a secondary one styled
 * unlike it, and the text input (border colour and radius), each only as far as the page's CSS
 * changed the browser's look.
 */
function componentsOf(c: ComputedStyles): Branding['components'] | undefined {
  const out: NonNullable<Branding['components']> = {};
  const bg = visible(ownStyle(c, 'button', 'backgroundColor'));
  const fg = visible(ownStyle(c, 'button', 'color')) ?? visible(c.button?.color);
  const radius = ownStyle(c, 'button', 'borderRadius');
  const rounded = radius && !/^0px( 0px)*$/.test(radius) ? { borderRadius: radius } : {};
  if (bg && fg) out.buttonPrimary = { background: bg, textColor: fg, ...rounded };
  // A secondary button (often outlined: a border and no fill), as far as its CSS is the page's.
  if (out.buttonPrimary && c.button2) {
    const second: NonNullable<NonNullable<Branding['components']>['buttonSecondary']> = {};
    const set = (k: keyof typeof second, v: string | undefined) => {
      if (v) second[k] = v;
    };
    set('background', visible(ownStyle(c, 'button2', 'backgroundColor')));
    set('textColor', visible(ownStyle(c, 'button2', 'color')));
    if (c.button2.borderStyle !== 'none') set('borderColor', visible(ownStyle(c, 'button2', 'borderColor')));
    const r = ownStyle(c, 'button2', 'borderRadius');
    if (r && !/^0px( 0px)*$/.test(r)) second.borderRadius = r;
    if (second.background || second.textColor || second.borderColor) out.buttonSecondary = second;
  }
  const input: NonNullable<NonNullable<Branding['components']>['input']> = {};
  const border = c.input?.borderStyle !== 'none' ? visible(ownStyle(c, 'input', 'borderColor')) : undefined;
  if (border) input.borderColor = border;
  const inputRadius = ownStyle(c, 'input', 'borderRadius');
  if (inputRadius && !/^0px( 0px)*$/.test(inputRadius)) input.borderRadius = inputRadius;
  if (Object.keys(input).length) out.input = input;
  return Object.keys(out).length ? out : undefined;
}
