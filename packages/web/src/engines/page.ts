/** What an engine brings back from a URL, before conversion. */
export interface PageSnapshot {
  /** Final URL after redirects. */
  url: string;
  statusCode: number;
  contentType?: string;
  charset?: string;
  body: Uint8Array;
  engine: 'fetch' | 'browser';
  /** Set by the browser engine when a screenshot format was asked. */
  screenshot?: { data: Uint8Array; mime: string };
  /** Set by the browser engine when actions ran. */
  actions?: ActionResults;
  /** Time spent waiting for a free browser context (the pool was full). */
  queuedMs?: number;
  /** Set by the browser engine when branding was asked: the styles the page's CSS computes. */
  computedStyles?: ComputedStyles;
  warnings: string[];
}

/** Computed styles of a few landmark elements (null when the page has no such element). */
export interface ComputedStyles {
  body: ElementStyle | null;
  link: ElementStyle | null;
  heading: ElementStyle | null;
  button: ElementStyle | null;
  /** Set by renders since typography was read (older cached copies lack them). */
  h1?: ElementStyle | null;
  h2?: ElementStyle | null;
  h3?: ElementStyle | null;
  small?: ElementStyle | null;
  code?: ElementStyle | null;
  input?: ElementStyle | null;
  /** The first button-like element styled unlike `button` (a secondary button), if any. */
  button2?: ElementStyle | null;
  /**
   * The same elements in a frame without author CSS: what the browser applies by default,
   * which is not the page's branding. Null when the frame could not be made (older copies lack it).
   */
  defaults?: Partial<Record<StyledElement, ElementStyle | null>> | null;
  colorScheme?: string;
  /** The values of the spacing and radius custom properties the root declares (SPACING_TOKENS). */
  tokens?: Record<string, string>;
  /** Landmarks the page has (header, nav, main, aside, footer), with their rendered height in px. */
  landmarks?: Record<string, number>;
  /** The first element laid out as a grid of two or more columns: its column count and gap. */
  grid?: { columns: number; gap: string } | null;
  /** The first px max-width among the main element and the body's children and grandchildren. */
  maxWidth?: string | null;
}

/** The elements `ComputedStyles` picks. */
export type StyledElement =
  | 'body'
  | 'link'
  | 'heading'
  | 'button'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'small'
  | 'code'
  | 'input'
  | 'button2';

export interface ElementStyle {
  color: string;
  backgroundColor: string;
  fontFamily: string;
  /** Set by renders since typography was read. */
  fontSize?: string;
  lineHeight?: string;
  fontWeight?: string;
  borderColor?: string;
  borderStyle?: string;
  /** Set by renders since animations and spacing were read (older cached copies lack them). */
  transitionDuration?: string;
  transitionTimingFunction?: string;
  borderRadius?: string;
  /** Top, right, bottom, left. */
  padding?: string[];
  margin?: string[];
}

/** Design-token names (custom properties on :root) that state a spacing unit or a corner radius. */
export const SPACING_TOKENS = [
  '--spacing',
  '--spacing-unit',
  '--space',
  '--space-unit',
  '--base-unit',
  '--radius',
  '--border-radius',
  '--radius-base',
];

export interface ActionResults {
  screenshots: { data: Uint8Array; mime: string }[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: Uint8Array[];
}

export const charsetOf = (contentType: string | undefined): string | undefined =>
  /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];

export const mimeOf = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0].trim().toLowerCase();

export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const MOBILE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
