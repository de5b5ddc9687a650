import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * util.parseArgs, answered here for the plain command lines people type: positionals, `--name`,
 * `--name value` and `-x value` of declared flags. Node compiles util.parseArgs's two internal
 * modules from source on every run (this Node has no code cache for its built-ins): 5 M
 * instructions, 1.5% of a cold one-page `distill parse`. Anything else (`--name=value`, grouped
 * short flags, `--`, a lone `-`, a value that starts with a dash, an unknown flag, a missing
 * value, defaults or repeatable flags in the definitions) goes to util.parseArgs itself, so its
 * answers and its errors are the same; a unit test holds the two to the same results.
 */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  return (plainParse(config) ?? parseArgs(config)) as ReturnType<typeof parseArgs<T>>;
}

/** util.parseArgs's result for a plain command line, or undefined when it is not plain. */
export function plainParse(
  config: ParseArgsConfig,
): { values: Record<string, string | boolean>; positionals: string[] } | undefined {
  const { args, options = {} } = config;
  if (!args || config.allowPositionals !== true || config.strict === false || config.tokens) return undefined;
  const shorts: Record<string, string> = {};
  for (const name of Object.keys(options)) {
    const o = options[name];
    if (o.default !== undefined || o.multiple) return undefined;
    if (o.short !== undefined) shorts[o.short] = name;
  }
  // Null-prototype, as util.parseArgs gives it.
  const values: Record<string, string | boolean> = Object.create(null);
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.charCodeAt(0) !== 0x2d /* - */) {
      positionals.push(arg);
      continue;
    }
    let name: string | undefined;
    if (arg.length > 2 && arg.charCodeAt(1) === 0x2d && !arg.includes('=')) name = arg.slice(2);
    else if (arg.length === 2 && arg !== '--') name = shorts[arg[1]];
    if (name === undefined || !Object.hasOwn(options, name)) return undefined;
    if (options[name].type === 'boolean') {
      values[name] = true;
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || value.charCodeAt(0) === 0x2d) return undefined;
    values[name] = value;
    i++;
  }
  return { values, positionals };
}
