import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// What the bundle (dist/cold/parse.cjs) asks of the place it runs in. It holds the code of
// several packages but lives in @distill/cli's folder, so whatever a package looked up
// relative to itself (import.meta.url for worker scripts and createRequire, dynamic imports, and
// the third-party packages it depends on) is looked up from that package's own installed folder instead. The
// build (scripts/cold-bundle.ts) rewrites those places into calls to this object.

/**
 * How each package is reached from @distill/cli, one dependency at a time; written by the
 * build beside the bundle (dist/cold/parse.json).
 */
export type Chains = Record<string, string[]>;

export interface BundleRuntime {
  /** `import.meta.url` of a module of `pkg`: a file in that package's dist folder. */
  metaUrl(pkg: string): string;
  /** `require(spec)` as `pkg` would resolve it. */
  require(pkg: string, spec: string): unknown;
  /** `import(spec)` in a module of `pkg`. */
  import(pkg: string, spec: string): Promise<unknown>;
}

/** The runtime for a bundle at `bundleFile` inside @distill/cli/dist/cold. */
export function bundleRuntime(bundleFile: string, chains: Chains): BundleRuntime {
  const cliDir = dirname(dirname(dirname(bundleFile)));
  const dirs = new Map<string, string>([['@distill/cli', cliDir]]);
  const pkgDir = (pkg: string): string => {
    let dir = dirs.get(pkg);
    if (dir) return dir;
    const chain = chains[pkg];
    if (!chain) throw new Error(`distill: the parse bundle has no way to reach ${pkg}`);
    // Each step is resolved from the previous package, as Node would from its own code: a
    // strict layout (pnpm) shows a package only its own dependencies.
    dir = cliDir;
    for (const step of chain) dir = packageDir(dir, step);
    dirs.set(pkg, dir);
    return dir;
  };
  const requires = new Map<string, NodeJS.Require>();
  // node:module loads Node's ES module resolver with it: only a run that needs a third-party
  // package (an HTML page's parser, a tokenizer) pays for it.
  const createRequire = (path: string) => process.getBuiltinModule('module').createRequire(path);
  const requireFor = (pkg: string): NodeJS.Require => {
    let r = requires.get(pkg);
    if (!r) {
      r = createRequire(join(pkgDir(pkg), 'package.json'));
      requires.set(pkg, r);
    }
    return r;
  };
  return {
    metaUrl: (pkg) => pathToFileURL(join(pkgDir(pkg), 'dist', 'index.js')).href,
    require: (pkg, spec) => requireFor(pkg)(spec),
    // A URL or path is imported as it is. A package name takes its CommonJS form, resolved from
    // `pkg`'s folder: the bundle's own import() would fail, since a script compiled from V8's code
    // cache keeps no dynamic-import handler on Node 20, and the build checks each such package
    // has a CommonJS entry (scripts/cold-bundle.ts).
    import: async (pkg, spec) =>
      /^(file|node|data):/.test(spec) || isAbsolute(spec) ? import(spec) : requireFor(pkg)(spec),
  };
}

/**
 * The folder of dependency `name` as Node finds it from package folder `from`: the nearest
 * node_modules/<name> up the tree, symlinks followed (pnpm links each package's dependencies
 * beside its real folder). Read directly rather than through require.resolve, which for a
 * package with "exports" loads Node's ES module resolver and compiles its largest regular
 * expression: a measurable part of a one-page run. A layout this does not find falls back to
 * require.resolve.
 */
function packageDir(from: string, name: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    }
    if (dirname(dir) === dir) break;
  }
  const nodeModule = process.getBuiltinModule('module');
  return dirname(nodeModule.createRequire(join(from, 'package.json')).resolve(`${name}/package.json`));
}
