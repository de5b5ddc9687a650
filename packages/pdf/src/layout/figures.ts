/**
 * A cell that is one figure: an amount, a share or a count, signed or in brackets, with a
 * currency sign before it ("$1,200", "€ 3", "(£40)") or after it ("3 €", as French and German
 * prices are set), thousands parted by commas, points or apostrophes ("30'000", Swiss).
 * Prices in a fee schedule are figures as much as bare counts: a column of them set flush right
 * shares its right edge, not its left.
 */
export const FIGURE = /^[-+−–(]?(?:[$€£¥]\s?)?[\d.,]+(?:'[\d.,]+)*(?:%|\s?[€$£])?\)?$/;
