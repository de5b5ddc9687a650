import { mimeOf, type PageSnapshot } from '../../engines/page.js';
import { extractBranding } from './branding.js';
import { extractMenu } from './menu.js';
import { extractProduct } from './product.js';
import { readPage } from './schema-items.js';

/**
 * product, menu and branding, read from the page's own structured data and markup (no model).
 * Only HTML pages carry them; what a page does not state is absent, with a warning saying so.
 */
export function structuredFormats(
  want: ReadonlySet<string>,
  snapshot: PageSnapshot,
  warnings: string[],
): Record<string, unknown> {
  const asked = ['product', 'menu', 'branding'].filter((f) => want.has(f));
  if (!asked.length) return {};
  const mime = mimeOf(snapshot.contentType);
  if (mime && !/html|xml/.test(mime)) {
    warnings.push(`${asked.join(', ')}: the document is ${mime}, not an HTML page, so it states none`);
    return {};
  }
  const html = new TextDecoder(snapshot.charset ?? 'utf-8', { fatal: false }).decode(snapshot.body);
  const page = readPage(html, snapshot.url);
  const out: Record<string, unknown> = {};
  if (want.has('product')) {
    const p = extractProduct(page, snapshot.url);
    if (p) out.product = p;
    else warnings.push('product: the page states no schema.org Product and no Open Graph product tags');
  }
  if (want.has('menu')) {
    const m = extractMenu(page, snapshot.url);
    if (m) out.menu = m;
    else warnings.push('menu: the page states no schema.org Menu or MenuSection');
  }
  if (want.has('branding')) out.branding = extractBranding(page, snapshot.url, snapshot.computedStyles);
  return out;
}
