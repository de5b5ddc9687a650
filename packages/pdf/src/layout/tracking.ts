import { asciiTwin } from '@distill/core';
import { changedRun } from '../run-shape.js';
import type { TextRun } from '../types.js';
import { HAS_LETTER } from './letter-tests.js';
import { spaced } from './lines.js';

/**
 * Titles in capitals set with wide tracking ("I N T R O D U C T I O N"), or typed with a space
 * after each letter, come out of a PDF as letters a space apart: in one run, or one run per
 * letter or per word when the tracking passes a font size. Read as they stand they are no
 * words, for a reader or a search. A chain of such runs on one baseline, each letter a step
 * apart that a space would not explain in running text, is closed up into words; the words are
 * where the step is much wider than the chain's usual step (a tracked word space). Returns the
 * runs with each chain so replaced (its words in the runs they start in, the runs left empty
 * dropped), or `runs` itself when there is none. Runs before tables are sought, so the page's
 * run indices are those of the array returned.
 *
 * Only capitals and figures, four letters or more, three of them letters: single letters a
 * space apart in lower case are variables or a list of options, and figures alone ("1 2 3 4")
 * are a table's row. Letters typed with single spaces between words too ("N E X T S T E P S")
 * keep no trace of the word space and close up into one word, as pdftotext reads them.
 */
export function closeTracking(runs: readonly TextRun[]): TextRun[] {
  const cand: number[] = [];
  runs.forEach((r, i) => {
    // One character, or a space second: the cheap test first, as most runs are words.
    const t = r.text;
    if ((t.length === 1 || t.charCodeAt(1) === 32) && !r.rotated && SPACED_RUN.test(t)) cand.push(i);
  });
  if (cand.length === 0) return runs as TextRun[];
  cand.sort((a, b) => runs[a].base - runs[b].base || runs[a].x0 - runs[b].x0);
  /** Each closed-up run by its index; null for the runs whose letters went to a run before. */
  const changed = new Map<number, TextRun | null>();
  let k = 0;
  while (k < cand.length) {
    // A chain: runs on one baseline, of one size, each a spaced gap after the one before.
    let end = k;
    while (end + 1 < cand.length) {
      const a = runs[cand[end]];
      const b = runs[cand[end + 1]];
      if (Math.abs(a.base - b.base) > 0.3 * a.size || Math.abs(a.size - b.size) > 0.1 * a.size) break;
      if (!spaced(a, b) || b.x0 - a.x1 > MAX_STEP * a.size) break;
      end++;
    }
    const chain = cand.slice(k, end + 1);
    k = end + 1;
    const words = trackedWords(chain.map((i) => runs[i]));
    if (!words) continue;
    // Each word goes to the run its first letter is in; a run left with no word is dropped.
    chain.forEach((i, n) => {
      const own = words.filter((w) => w.run === n);
      changed.set(
        i,
        own.length === 0
          ? null
          : changedRun(runs[i], {
              text: own.map((w) => w.text).join(' '),
              x0: own[0].x0,
              x1: own[own.length - 1].x1,
            }),
      );
    });
  }
  if (changed.size === 0) return runs as TextRun[];
  const out: TextRun[] = [];
  runs.forEach((r, i) => {
    const c = changed.get(i);
    if (c === undefined) out.push(r);
    else if (c !== null) out.push(c);
  });
  return out;
}

/** Letters or figures, single, a space apart; or one alone (a run per letter). */
const SPACED_RUN = asciiTwin(String.raw`^[\p{Lu}\p{N}](?: [\p{Lu}\p{N}])*$`, 'u');
/** The widest step (font sizes) from letter to letter that is still tracking, not a column gap. */
const MAX_STEP = 2;
/** A step this many times the chain's usual one is a word space. */
const WORD_STEP = 1.5;

interface Word {
  text: string;
  x0: number;
  x1: number;
  /** The chain's run the word's first letter is in. */
  run: number;
}

/**
 * The words of a chain of spaced runs, or undefined when it is no tracked title: letters are
 * placed evenly over each run, and a step between letters much wider than the median step is
 * a word space.
 */
function trackedWords(chain: readonly TextRun[]): Word[] | undefined {
  const letters: { ch: string; x0: number; x1: number; run: number }[] = [];
  chain.forEach((r, run) => {
    const chars = r.text.split(' ');
    const step = (r.x1 - r.x0) / chars.length;
    chars.forEach((ch, n) => {
      letters.push({ ch, x0: r.x0 + n * step, x1: r.x0 + (n + 1) * step, run });
    });
  });
  if (letters.length < 4 || letters.filter((l) => HAS_LETTER.test(l.ch)).length < 3) return undefined;
  // Run per letter: one letter alone in each run must still be spaced from the next (checked
  // in the chain), and a lone letter with no chain is no title.
  if (chain.length === 1 && letters.length === 1) return undefined;
  const centre = (l: { x0: number; x1: number }) => (l.x0 + l.x1) / 2;
  const steps = letters.slice(1).map((l, n) => centre(l) - centre(letters[n]));
  const median = steps.slice().sort((a, b) => a - b)[Math.floor(steps.length / 2)];
  const size = chain[0].size;
  // Tracking opens letters wider than running text sets them: at least a space's room on top
  // of a letter's width, which a word's letters in one run never have.
  if (median > MAX_STEP * size) return undefined;
  const words: Word[] = [];
  let cur: Word | undefined;
  letters.forEach((l, n) => {
    if (cur && steps[n - 1] <= WORD_STEP * median) {
      cur.text += l.ch;
      cur.x1 = l.x1;
    } else {
      cur = { text: l.ch, x0: l.x0, x1: l.x1, run: l.run };
      words.push(cur);
    }
  });
  return words;
}
