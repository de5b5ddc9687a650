/**
 * HTML's void elements: they never have content or an end tag. Here, at the ground floor,
 * because both the HTML engine (@distill/html) and the structured-data reader of scrape
 * (@distill/web, which does not depend on the engine) tokenize HTML by them.
 */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
