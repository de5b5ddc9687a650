import type { Rule } from '../types.js';

/** Two pieces end to end within this (points): one rule drawn in parts. */
const TOUCH = 2;
/** A rule longer than a word (as longHorizontalRules counts one). */
const LONG = 60;

/**
 * The long horizontal rules of a page with the pieces of each line joined first, when joining
 * makes a long rule out of a piece shorter than a word; undefined when it makes none (the
 * rule-bound reading has then seen every rule already).
 * A browser printing a table with border-collapse draws each cell's share of a rule on its own,
 * and word processors draw a table's rules cell by cell too: over a narrow column (a "Plan" or
 * "Qty" cell 50pt wide) the piece is shorter than a word, and dropped before joining it leaves
 * the rule over the table cut in two, neither part the table's extent (booktabs-ruled web tables
 * in pdf-web-tables found no table). Such rules are read last (analyze.ts), on the runs no other
 * reading took: a government report's tall table ruled the same way is read by the text reading
 * already, and a rule-bound group of its top rules (the body is taller than a group reaches)
 * would cut its header off (ICDAR us-018, us-024).
 */
export function cellDrawnRules(rules: readonly Rule[]): Rule[] | undefined {
  const hs = rules.filter((r) => r.y0 === r.y1).sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const out: { rule: Rule; pieced: boolean }[] = [];
  // A piece joins the last rule on its line when it starts where that one ends (sorted by y,
  // then x: only the rules of the same line are looked back at).
  for (const r of hs) {
    let joined = false;
    for (let k = out.length - 1; k >= 0 && r.y0 - out[k].rule.y0 <= 1; k--) {
      const o = out[k];
      if (r.x0 <= o.rule.x1 + TOUCH && r.x1 >= o.rule.x0 - TOUCH) {
        o.rule.x0 = Math.min(o.rule.x0, r.x0);
        o.rule.x1 = Math.max(o.rule.x1, r.x1);
        o.pieced ||= r.x1 - r.x0 <= LONG;
        joined = true;
        break;
      }
    }
    if (!joined) out.push({ rule: { ...r }, pieced: r.x1 - r.x0 <= LONG });
  }
  const long = out.filter((o) => o.rule.x1 - o.rule.x0 > LONG);
  return long.some((o) => o.pieced) ? long.map((o) => o.rule) : undefined;
}
