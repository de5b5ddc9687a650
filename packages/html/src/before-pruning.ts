import type { PElement, PNode } from './dom.js';
import { COMMENTS, NEGATIVE } from './rules.js';
import type { Stats } from './stats.js';

/**
 * What two rules of the pruning read of the page as it came, recorded before the pruning starts
 * so that their answers do not depend on which elements it has taken when they ask: the pruning
 * replaces the children of the parents it prunes as it goes down the page.
 */
export interface BeforePruning {
  /**
   * Unlinked text under the outermost elements carrying each class name that holds a negative
   * word (template-names.ts asks only of such names).
   */
  negativeNames: Map<string, number>;
  /** Prose inside the outermost elements whose id or class names comments (main-content.ts). */
  commentsProse: number;
}

/** What a class attribute says for the record: its names holding a negative word, and whether it names comments. */
interface ClassReading {
  names: string[] | undefined;
  comments: boolean;
}

function readClass(cls: string): ClassReading {
  let names: string[] | undefined;
  // Most class attributes hold no negative word: tested whole before they are split.
  if (NEGATIVE.test(cls)) {
    names = [...new Set(cls.split(/\s+/).filter((n) => n !== '' && NEGATIVE.test(n)))];
    if (names.length === 0) names = undefined;
  }
  return { names, comments: COMMENTS.test(cls) };
}

/** An element left: the names it opened, and whether it opened a comments region. */
interface Leaving {
  names: string[] | undefined;
  comments: boolean;
}

/**
 * The record, made the first time a rule asks for it: most pages never ask (the rules read it
 * only of an element named as comments, or of a short box whose name holds a negative word).
 * The pruning may have taken elements by then; `cameWith` gives an element's children as the
 * page came (those the pruning replaced, from its undo record), so the record is the one a walk
 * before the pruning would have made.
 */
export function onFirstAsk(
  body: PElement,
  stats: { get(el: PElement): Stats | undefined },
  cameWith: (el: PElement) => readonly PNode[],
): () => BeforePruning {
  let record: BeforePruning | undefined;
  return () => {
    if (!record) record = beforePruning(body, stats, cameWith);
    return record;
  };
}

/**
 * One walk of the page below `body` (not `body` itself), with the names carried by an element's
 * ancestors counted so that only the outermost carrier of a name adds its text. A page repeats
 * its class attributes (every item of a list, every card), so each is read once.
 */
function beforePruning(
  body: PElement,
  stats: { get(el: PElement): Stats | undefined },
  cameWith: (el: PElement) => readonly PNode[],
): BeforePruning {
  const negativeNames = new Map<string, number>();
  let commentsProse = 0;
  const open = new Map<string, number>();
  const readings = new Map<string, ClassReading>();
  // Elements to visit, and the marks of those left: their names to close, the comments region.
  const stack: (PElement | Leaving)[] = [];
  let inComments = 0;
  for (const c of cameWith(body)) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  while (stack.length) {
    const top = stack.pop()!;
    if ((top as PElement).tagName === undefined) {
      const { names, comments } = top as Leaving;
      if (names) for (const n of names) open.set(n, open.get(n)! - 1);
      if (comments) inComments--;
      continue;
    }
    const el = top as PElement;
    let cls: string | undefined;
    let id: string | undefined;
    for (const a of el.attrs) {
      if (a.name === 'class') cls = a.value;
      else if (a.name === 'id') id = a.value;
    }
    let reading: ClassReading | undefined;
    if (cls) {
      reading = readings.get(cls);
      if (!reading) {
        reading = readClass(cls);
        readings.set(cls, reading);
      }
    }
    const names = reading?.names;
    if (names) {
      const s = stats.get(el);
      const own = s ? s.text - s.link : 0;
      for (const n of names) {
        if (!open.get(n)) negativeNames.set(n, (negativeNames.get(n) ?? 0) + own);
        open.set(n, (open.get(n) ?? 0) + 1);
      }
    }
    // The id and the class apart are as their join (hints): the words hold no white space.
    const comments = reading?.comments === true || (id !== undefined && id !== '' && COMMENTS.test(id));
    if (comments) {
      if (inComments === 0) commentsProse += stats.get(el)?.prose ?? 0;
      inComments++;
    }
    if (names || comments) stack.push({ names, comments });
    for (const c of cameWith(el)) if ((c as PElement).tagName !== undefined) stack.push(c as PElement);
  }
  return { negativeNames, commentsProse };
}
