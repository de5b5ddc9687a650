import { mimeOf, type PageSnapshot } from './page.js';

/** Statuses anti-bot walls answer with; a browser often gets through. */
const BLOCK_STATUSES = new Set([401, 403, 429, 503]);
const CHALLENGE =
  /cf-chl|challenge-platform|just a moment|checking your browser|captcha|access denied|are you a robot|enable javascript and cookies|ddos-guard|perimeterx|px-captcha|datadome/i;
const NEEDS_JS =
  /you need to enable javascript|please enable javascript|javascript is (?:required|disabled)|requires javascript|enable javascript to (?:run|view)/i;
const APP_ROOT =
  /<(div|main|app-root)\b[^>]*\bid=["']?(root|app|__next|__nuxt|svelte|main-app)["']?[^>]*>\s*<\/\1>/i;

/** Visible text of an HTML page, roughly: scripts, styles and tags removed. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Why a fetched page should be loaded again in the browser (proxy `auto`): an anti-bot wall, or
 * a JavaScript shell whose content only exists after scripts run. Undefined when it is fine.
 */
export function browserRetryReason(page: PageSnapshot): string | undefined {
  const mime = mimeOf(page.contentType);
  const isHtml = mime === '' || mime === 'text/html' || mime === 'application/xhtml+xml';
  if (!isHtml) return undefined;
  const html = new TextDecoder('utf-8', { fatal: false }).decode(page.body.subarray(0, 512 * 1024));
  if (BLOCK_STATUSES.has(page.statusCode) && CHALLENGE.test(html)) return `blocked (${page.statusCode})`;
  if (page.statusCode >= 400) return undefined;
  const text = visibleText(html);
  const scripts = (html.match(/<script\b/gi) ?? []).length;
  if (scripts === 0) return undefined;
  if (APP_ROOT.test(html) && text.length < 500) return 'JavaScript application shell';
  if (NEEDS_JS.test(text) && text.length < 2000) return 'page asks for JavaScript';
  if (text.length < 120) return 'almost no text without JavaScript';
  return undefined;
}
