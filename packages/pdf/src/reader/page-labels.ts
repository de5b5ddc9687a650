import { romanNumeral } from '@distill/core';
import type { PdfFile } from './document.js';
import { type Dict, decodeTextString, isName, type PdfObject } from './objects.js';

/** Deepest /Kids nesting of the number tree read; a loop or a deeper tree stops there. */
const MAX_TREE_DEPTH = 32;
/** Most ranges read: a real document has a handful (front matter, body, appendices). */
const MAX_RANGES = 100_000;

/**
 * The printed page labels of a PDF (ISO 32000-1 §12.4.2): the catalog's /PageLabels number
 * tree maps the index of the first page of each range to a label dictionary with a style /S
 * (D decimal, R and r roman, A and a letters), a prefix /P and a first number /St. The label
 * of page i (0-based) is the prefix and the number of its range, counted from /St. Returns
 * one label per page, or undefined when the document declares none (or a broken tree).
 */
export function readPageLabels(file: PdfFile, pageCount: number): string[] | undefined {
  let root: Dict | undefined;
  try {
    root = file.dict(file.catalog.get('PageLabels'));
  } catch {
    return undefined;
  }
  if (!root) return undefined;
  const ranges: { start: number; dict: Dict }[] = [];
  const seen = new Set<Dict>();
  const walk = (node: Dict, depth: number) => {
    if (depth > MAX_TREE_DEPTH || seen.has(node) || ranges.length >= MAX_RANGES) return;
    seen.add(node);
    const nums = file.array(node.get('Nums'));
    if (nums)
      for (let i = 0; i + 1 < nums.length && ranges.length < MAX_RANGES; i += 2) {
        const start = file.num(nums[i]);
        const dict = file.dict(nums[i + 1]);
        if (start !== undefined && Number.isInteger(start) && start >= 0 && dict)
          ranges.push({ start, dict });
      }
    for (const kid of file.array(node.get('Kids')) ?? []) {
      const k = file.dict(kid);
      if (k) walk(k, depth + 1);
    }
  };
  try {
    walk(root, 0);
  } catch {
    return undefined;
  }
  if (ranges.length === 0) return undefined;
  ranges.sort((a, b) => a.start - b.start);
  const labels: string[] = [];
  let r = -1;
  for (let page = 0; page < pageCount; page++) {
    while (r + 1 < ranges.length && ranges[r + 1].start <= page) r++;
    // Pages before the first range have no label of their own: their physical number.
    labels.push(r < 0 ? String(page + 1) : labelOf(file, ranges[r].dict, page - ranges[r].start));
  }
  return labels;
}

function labelOf(file: PdfFile, d: Dict, offset: number): string {
  const p = file.resolve(d.get('P'));
  const prefix = p instanceof Uint8Array ? decodeTextString(p).replace(/\u0000/g, '') : '';
  const st = file.num(d.get('St'));
  const n = (st !== undefined && Number.isInteger(st) && st >= 1 ? st : 1) + offset;
  const style: PdfObject | undefined = file.resolve(d.get('S'));
  if (!isName(style)) return prefix;
  switch (style.name) {
    case 'D':
      return prefix + String(n);
    case 'R':
      return prefix + roman(n).toUpperCase();
    case 'r':
      return prefix + roman(n);
    case 'A':
      return prefix + letters(n).toUpperCase();
    case 'a':
      return prefix + letters(n);
    default:
      return prefix;
  }
}

/** Past this a roman label is written in digits: a hostile /St must not make megabytes of m's. */
const MAX_ROMAN = 10_000;

const roman = (n: number) => romanNumeral(n, MAX_ROMAN);

/** a..z, then aa..zz, aaa..: the letter repeated (ISO 32000-1 §12.4.2), capped so a huge /St stays small. */
function letters(n: number): string {
  const letter = String.fromCharCode(97 + ((n - 1) % 26));
  return letter.repeat(Math.min(64, Math.floor((n - 1) / 26) + 1));
}
