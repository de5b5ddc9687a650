import type { ComputedStyles, ElementStyle } from '../../engines/page.js';

/**
 * The `animations` and `spacing` parts of `branding`, as the official client's BrandingProfile
 * names them: the transition the page gives its buttons and links, the corner radius and
 * padding of its buttons, the body's margin and a spacing unit the page declares as a design
 * token. Read from the page's CSS (its inline styles, and the browser's computed styles when
 * it was rendered); what the browser applies by default (no transition, square corners,
 * Chromium's button padding and 8px body margin) is not the page's branding and is left out.
 */
export interface Motion {
  animations?: { transitionDuration: string; easing: string };
  spacing?: {
    baseUnit?: number;
    borderRadius?: string;
    padding?: Record<string, number>;
    margins?: Record<string, number>;
  };
}

/** Declarations of the rules whose selector matches, later rules winning (see branding.ts). */
export type Declarations = (selector: RegExp) => Map<string, string>;

const INTERACTIVE = /^(a|button|\.btn|\.button|\[role=["']?button["']?\])(:hover|:focus|:focus-visible)?$/i;
const BUTTON = /^(button|\.btn|\.button|\[role=["']?button["']?\])$/i;
const EASING =
  /^(ease|ease-in|ease-out|ease-in-out|linear|step-start|step-end|cubic-bezier\(.*\)|steps\(.*\))$/i;
const TIME = /^(-?\d*\.?\d+)(m?s)$/i;
const PX = /^(-?\d*\.?\d+)px$/i;

/** "200ms" / ".2s" → "0.2s", as browsers compute durations; undefined for zero or no time. */
function seconds(v: string | undefined): string | undefined {
  const m = v && TIME.exec(v.trim());
  if (!m) return undefined;
  const s = Number(m[1]) / (m[2].toLowerCase() === 'ms' ? 1000 : 1);
  return s > 0 ? `${Math.round(s * 1000) / 1000}s` : undefined;
}

const px = (v: string | undefined) => {
  const m = v && PX.exec(v.trim());
  return m ? Number(m[1]) : undefined;
};

/** The first transition of a `transition` shorthand (or the longhands): duration and easing. */
function transitionOf(d: Map<string, string>): Motion['animations'] {
  const first = (v: string | undefined) => v?.split(/,(?![^(]*\))/)[0]?.trim();
  let duration = seconds(first(d.get('transition-duration')));
  let easing = first(d.get('transition-timing-function'));
  const short = first(d.get('transition'));
  if (short) {
    for (const tok of short.match(/[a-z-]+\([^)]*\)|\S+/gi) ?? []) {
      if (!duration && TIME.test(tok)) duration = seconds(tok);
      else if (!easing && EASING.test(tok)) easing = tok;
    }
  }
  // A transition with a duration and no timing function runs with CSS's initial one, `ease`.
  return duration ? { transitionDuration: duration, easing: easing ?? 'ease' } : undefined;
}

/** 1 to 4 lengths of a `padding` shorthand, as top/right/bottom/left px; undefined if not all px. */
function sides(v: string | undefined): number[] | undefined {
  if (!v) return undefined;
  const n = v.trim().split(/\s+/).map(px);
  if (!n.length || n.length > 4 || n.some((x) => x === undefined)) return undefined;
  const [t, r = t, b = t, l = r] = n as number[];
  return [t, r, b, l];
}

/** Button padding as the client's `Record<string, number>`: vertical and horizontal when symmetric. */
function buttonPadding(p: number[]): Record<string, number> {
  const [t, r, b, l] = p;
  return t === b && r === l
    ? { buttonVertical: t, buttonHorizontal: r }
    : { buttonTop: t, buttonRight: r, buttonBottom: b, buttonLeft: l };
}

/** Chromium's own styles for a <button> and <body>: not a statement of the page. */
const UA_BUTTON_PADDING = '1,6,1,6';
const UA_BODY_MARGIN = '8,8,8,8';

function fromComputed(c: ComputedStyles): Motion {
  const out: Motion = {};
  for (const el of [c.button, c.link]) {
    const duration = seconds(el?.transitionDuration?.split(',')[0]);
    if (el && duration) {
      out.animations = {
        transitionDuration: duration,
        easing: el.transitionTimingFunction?.split(/,(?![^(]*\))/)[0]?.trim() || 'ease',
      };
      break;
    }
  }
  const spacing: NonNullable<Motion['spacing']> = {};
  const b: ElementStyle | null = c.button;
  if (b?.borderRadius && !/^0px( 0px)*$/.test(b.borderRadius)) spacing.borderRadius = b.borderRadius;
  const pad = b?.padding?.map(px);
  if (pad?.every((x) => x !== undefined)) {
    const key = pad.join(',');
    if (key !== UA_BUTTON_PADDING && key !== '0,0,0,0') spacing.padding = buttonPadding(pad as number[]);
  }
  const margin = c.body?.margin?.map(px);
  if (margin?.every((x) => x !== undefined) && margin.join(',') !== UA_BODY_MARGIN) {
    const [t, r, bo, l] = margin as number[];
    if (t === r && r === bo && bo === l) spacing.margins = { body: t };
  }
  const unit = tokenUnit(c.tokens ?? {});
  if (unit !== undefined) spacing.baseUnit = unit;
  spacing.borderRadius ??= tokenRadius(c.tokens ?? {});
  if (!spacing.borderRadius) delete spacing.borderRadius;
  if (Object.keys(spacing).length) out.spacing = spacing;
  return out;
}

const tokenUnit = (t: Record<string, string>) =>
  ['--spacing-unit', '--space-unit', '--base-unit', '--spacing', '--space']
    .map((k) => px(t[k]))
    .find((v) => v !== undefined && v > 0);
const tokenRadius = (t: Record<string, string>) =>
  ['--radius', '--border-radius', '--radius-base'].map((k) => t[k]?.trim()).find((v) => v && PX.test(v));

function fromCss(decl: Declarations): Motion {
  const out: Motion = {};
  const animations = transitionOf(decl(BUTTON)) ?? transitionOf(decl(INTERACTIVE));
  if (animations) out.animations = animations;
  const spacing: NonNullable<Motion['spacing']> = {};
  const button = decl(BUTTON);
  const radius = button.get('border-radius');
  if (radius && PX.test(radius.split(/\s+/)[0]) && px(radius.split(/\s+/)[0])! > 0)
    spacing.borderRadius = radius;
  const pad = sides(button.get('padding'));
  if (pad) spacing.padding = buttonPadding(pad);
  const margin = sides(decl(/^body$/i).get('margin'));
  if (margin?.every((m) => m === margin[0])) spacing.margins = { body: margin[0] };
  const root = decl(/^(:root|html)$/i);
  const tokens = Object.fromEntries([...root].filter(([k]) => k.startsWith('--')));
  const unit = tokenUnit(tokens);
  if (unit !== undefined) spacing.baseUnit = unit;
  spacing.borderRadius ??= tokenRadius(tokens);
  if (!spacing.borderRadius) delete spacing.borderRadius;
  if (Object.keys(spacing).length) out.spacing = spacing;
  return out;
}

/** Stated CSS first; what the rendered page computed fills the rest. */
export function extractMotion(decl: Declarations, computed: ComputedStyles | undefined): Motion {
  const stated = fromCss(decl);
  if (!computed) return stated;
  const seen = fromComputed(computed);
  const out: Motion = {};
  const animations = stated.animations ?? seen.animations;
  if (animations) out.animations = animations;
  const spacing = { ...seen.spacing, ...stated.spacing };
  if (Object.keys(spacing).length) out.spacing = spacing;
  return out;
}
