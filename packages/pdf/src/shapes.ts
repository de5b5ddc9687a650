/**
 * V8 decides how a number field of an object is stored from the first value written to it. A
 * whole number (`size: 10`, `width: 0`) makes it a small-integer field; the first fractional
 * value then moves every object of that shape to a new hidden class and deprecates the old
 * one, and the optimised code of every function that read such objects is thrown away and
 * compiled again. On a cold `distill parse` of the 100 dev PDFs this happened about 200 times
 * (text items, runs, rules, lines, row statistics, gutters...), each layout function meeting
 * objects of two or three hidden classes: recompiling those large functions (findGutters,
 * buildLines, makeLine, show...) was half of the optimising compiler's work on a cold run.
 *
 * `settleFieldKinds(sample)` is called at module scope, beside the code that makes the
 * objects, with one object of the shape holding fractional values: its number fields are
 * doubles from the start, and whole numbers stored later are stored as doubles without a
 * change of hidden class. The sample must list the same properties in the same order as the
 * objects it stands for (V8 shares one hidden class among object literals with the same keys
 * in the same order, and among instances of a class). Samples are kept: a hidden class that
 * no object uses any more may be collected, and the next object would start over.
 */
const kept: object[] = [];

export function settleFieldKinds(...samples: object[]): void {
  kept.push(...samples);
}
