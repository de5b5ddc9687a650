/**
 * Dev hook for measuring one rule of the main-content filter against the others (`pnpm bench
 * dev html-rule-folds`). A rule asks `ruleOn(name)` only when its structural test has passed,
 * that is when it is about to change the output: the tool learns from
 * `globalThis.__distillRulesAsked` which pages each rule acts on, and turns a rule off through
 * `globalThis.__distillRulesOff` to score those pages without it. Nothing in the library sets
 * either, so every rule is on for users.
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
