/**
 * The two folds every dev set is split by: tune on one, check on the other, report both.
 *
 * One scheme for every corpus (PDF pages, ICDAR documents, HTML pages): a hash of the document
 * id alone, so a document keeps its fold when a set grows or shrinks, and a fold never depends
 * on which other files happen to be present. On the shared sets it splits dpbench-dev 51/49
 * (table pages 11/14), icdar2013-dev 17/17.
 */
export type Fold = 'a' | 'b';

export const FOLDS: readonly Fold[] = ['a', 'b'];

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The document's fold. Depends on the id alone. */
export function foldOf(id: string): Fold {
  return (fnv1a(id) >>> 7) & 1 ? 'b' : 'a';
}

/** The documents of one fold, or all of them when no fold is asked for. */
export const inFold =
  (fold?: Fold) =>
  (doc: { id: string }): boolean =>
    !fold || foldOf(doc.id) === fold;
