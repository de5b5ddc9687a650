import { VOID_ELEMENTS } from './dom.js';

// Byte-level helpers shared by the two linear passes that read tags before parse5 does
// (prescan.ts on every page, depth-cap.ts on the rare deep one): names compared in place,
// without a regex match or a lower-cased copy per tag.

/** Raw-text elements: their bodies hold no tags, and they do not nest. */
export const RAW_TEXT_ELEMENTS = [
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
] as const;

export const VOID_NAMES: readonly string[] = [...VOID_ELEMENTS];

export const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
export const isNameChar = (c: number) => isAlpha(c) || (c >= 48 && c <= 58) || c === 45;

/** True when html[s, e) is `name` (lower case), ignoring ASCII case. */
export function nameIs(html: string, s: number, e: number, name: string): boolean {
  if (e - s !== name.length) return false;
  for (let k = 0; k < name.length; k++)
    if ((html.charCodeAt(s + k) | 32) !== name.charCodeAt(k)) return false;
  return true;
}

export function inList(html: string, s: number, e: number, names: readonly string[]): boolean {
  for (const n of names) if (nameIs(html, s, e, n)) return true;
  return false;
}
