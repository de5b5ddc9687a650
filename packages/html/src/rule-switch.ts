/**
 * Dev hook for measuring one rule of the main-content filter against the others (`pnpm bench
 * dev html-rule-folds`). A rule asks `ruleOn(name)` only when its structural test has passed,
 * that is when it is about to change the output: the tool learns from
 * `globalThis.__distillRulesAsked` which pages each rule acts on, and turns a rule off through
 * `globalThis.__distillRulesOff` to score those pages without it. Nothing in the library sets
 * either, so every rule is on for users.
 *
 * So a call site puts the switch last, after the rule's own test (`insetBox(…) &&
 * ruleOn('inset-box')`), not first: asked first, every page would count as one the rule acts on,
 * and nothing would be saved, since for users every rule is on and the test runs anyway.
 */
interface RuleHooks {
  __distillRulesOff?: Set<string>;
  __distillRulesAsked?: Set<string>;
}

export function ruleOn(name: string): boolean {
  const g = globalThis as RuleHooks;
  g.__distillRulesAsked?.add(name);
  return !g.__distillRulesOff?.has(name);
}
