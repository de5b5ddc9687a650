/** The value after `name` in a dev script's arguments (`--fold a`), or undefined when absent. */
export function flagValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
