import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { Options } from 'tsup';
import { LOADED_AT_START } from '../packages/cli/src/cold/lazy-builtin.js';

// The build of @distill/cli's dist/cold/parse.cjs: `distill parse` and every workspace package
// it runs in one CommonJS file, for packages/cli/src/cold/load.ts to compile with a V8 code
// cache (Node 20 caches no ES module). The packages' own code is bundled from source, with the
// few places where a package looks something up relative to itself rewritten to ask the
// runtime (packages/cli/src/cold/runtime.ts), which answers from that package's installed
// folder: `import.meta.url`, third-party `require`s and third-party `import()`s. Third-party
// code stays in node_modules, except zod, which every parse runs.

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const BUNDLED_THIRD_PARTY = new Set(['zod']);
const BUILTIN = new Set(builtinModules);

interface Pkg {
  name: string;
  dir: string;
  deps: string[];
}

function workspacePackages(): Map<string, Pkg> {
  const pkgs = new Map<string, Pkg>();
  for (const dir of readdirSync(join(root, 'packages'))) {
    const json = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    // What an installed copy can see: its dependencies, peers and optional ones, not dev ones.
    const deps = Object.keys({
      ...json.dependencies,
      ...json.peerDependencies,
      ...json.optionalDependencies,
    });
    pkgs.set(json.name, { name: json.name, dir: join(root, 'packages', dir), deps });
  }
  return pkgs;
}

/** For each workspace package, the shortest chain of dependencies that reaches it from `from`. */
export function chainsFrom(from: string, pkgs: Map<string, Pkg>): Record<string, string[]> {
  const chains: Record<string, string[]> = { [from]: [] };
  const queue = [from];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    for (const dep of pkgs.get(name)?.deps ?? []) {
      if (!pkgs.has(dep) || chains[dep]) continue;
      chains[dep] = [...chains[name], dep];
      queue.push(dep);
    }
  }
  return chains;
}

const isWorkspace = (spec: string) =>
  spec === 'distill' || spec.startsWith('distill/') || spec.startsWith('@distill/');
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (spec: string) =>
  spec.startsWith('node:') || BUILTIN.has(spec) || BUILTIN.has(packageOf(spec));

/** The tsup build of dist/cold/parse.cjs for the package in `cliDir`. */
export function coldBundle(cliDir: string): Options {
  const pkgs = workspacePackages();
  const byDir = [...pkgs.values()].map((p) => [p.dir + sep, p.name] as const);
  const ownerOf = (file: string) => byDir.find(([dir]) => file.startsWith(dir))?.[1];
  const dirOf = (name: string) => pkgs.get(name)?.dir ?? cliDir;
  const chains = chainsFrom('@distill/cli', pkgs);
  const inlined = new Set<string>();
  return {
    entry: { 'cold/parse': 'src/cold/parse-bundle.ts' },
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    platform: 'node',
    target: 'node20',
    dts: false,
    clean: false,
    shims: false,
    sourcemap: false,
    splitting: false,
    // tsup leaves dependencies external by default; the plugin below decides instead, built-ins
    // included (tsup's own node: plugin would take those first).
    noExternal: [/.*/],
    removeNodeProtocol: false,
    esbuildOptions(o) {
      o.conditions = ['distill-source'];
      // ASCII only (other characters escaped), so that load.ts reads it as latin1 into a
      // one-byte string: no UTF-8 decoding of a megabyte on every run, and half the memory.
      o.charset = 'ascii';
    },
    esbuildPlugins: [
      {
        name: 'distill-cold-bundle',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.kind === 'entry-point' || args.path.startsWith('/')) return undefined;
            if (isBuiltin(args.path)) {
              // A built-in Node has not loaded by the time a script starts loads on first use
              // (cli/src/cold/lazy-builtin.ts): most runs call few of those the bundle imports.
              const name = args.path.replace(/^node:/, '');
              if (LOADED_AT_START.has(name)) return { path: name, external: true };
              return { path: `distill-builtin:${name}`, external: true };
            }
            if (isWorkspace(args.path) || BUNDLED_THIRD_PARTY.has(packageOf(args.path))) return undefined;
            const owner = ownerOf(args.importer);
            if (!owner) return undefined; // a bundled third-party package's own import
            // Checked now, so that a package this Node cannot require() fails the build, not a run.
            createRequire(join(dirOf(owner), 'package.json')).resolve(args.path);
            return { path: `distill-bundle:${owner}:${args.path}`, external: true };
          });
          build.onLoad({ filter: /\.ts$/ }, (args) => {
            const owner = ownerOf(args.path);
            if (!owner || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
            inlined.add(owner);
            const pkg = JSON.stringify(owner);
            const source = readFileSync(args.path, 'utf8')
              .replaceAll('import.meta.url', `__distill.metaUrl(${pkg})`)
              .replaceAll(/import\.meta\b/g, `({ url: __distill.metaUrl(${pkg}) })`)
              // Every import() goes to the runtime (a code-cached script cannot import; see
              // runtime.ts), except those of the bundle's own files, which esbuild inlines, and
              // the import() calls inside the template strings of worker source code.
              .replaceAll(
                /(?<!typeof\s*)(?<![.\w$])import\((?!\$\{)(\s*(['"])([^'"]+)\2\s*\))?/g,
                (whole, literal: string | undefined, _q, spec: string) => {
                  if (literal === undefined) return `__distill.import(${pkg}, `;
                  if (spec.startsWith('.') || isWorkspace(spec)) return whole;
                  if (!isBuiltin(spec)) createRequire(join(dirOf(owner), 'package.json')).resolve(spec);
                  return `__distill.import(${pkg}, ${JSON.stringify(spec)})`;
                },
              );
            // esbuild's ASCII charset leaves some regular expressions alone (a lookbehind with
            // "…"): escaped here, which means the same in strings, templates, expressions and
            // comments.
            const ascii = source.replaceAll(
              /[^\0-\x7f]/g,
              (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
            );
            return { contents: ascii, loader: 'ts' };
          });
          build.onEnd((result) => {
            if (result.errors.length > 0) return;
            // tsup writes the files after this, from outputFiles.
            const bundle =
              result.outputFiles?.find((f) => f.path.endsWith('parse.cjs'))?.text ??
              readFileSync(join(cliDir, 'dist', 'cold', 'parse.cjs'), 'utf8');
            const left = bundle.match(/(?<![.\w$])import\((?!\$\{)/g)?.length ?? 0;
            const wide = /[^\0-\x7f]/.exec(bundle);
            if (wide)
              throw new Error(
                `cold bundle: dist/cold/parse.cjs is not ASCII: ${JSON.stringify(bundle.slice(wide.index - 60, wide.index + 20))}`,
              );
            if (left > 0) throw new Error(`cold bundle: ${left} import() left in dist/cold/parse.cjs`);
            mkdirSync(join(cliDir, 'dist', 'cold'), { recursive: true });
            const out = join(cliDir, 'dist', 'cold', 'parse.json');
            const packages = [...inlined].sort();
            // V8 checks a code cache against the source's length only, not its text: the cache
            // file is named by this hash (load.ts), so a build that differs in a constant never
            // runs another build's compiled code.
            const hash = createHash('sha256').update(bundle).digest('hex').slice(0, 16);
            writeFileSync(out, `${JSON.stringify({ hash, packages, chains }, null, 2)}\n`);
            process.stdout.write(`cold bundle: ${packages.length} packages (${relative(root, out)})\n`);
          });
        },
      },
    ],
  };
}
