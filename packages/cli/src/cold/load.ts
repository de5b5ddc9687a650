import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { lazyBuiltin } from './lazy-builtin.js';
import { bundleRuntime, type Chains } from './runtime.js';

// Node 20 has no compile cache for ES modules (module.enableCompileCache is 22.1+), and a cold
// `distill parse` of one page spent about a third of its time compiling modules. So the build
// puts the parse command in one CommonJS file (dist/cold/parse.cjs), and this compiles it with
// V8's code cache: the first run saves the compiled code of every function it ran (on exit, so
// functions compiled lazily are in it), later runs read it instead of compiling. V8 checks the
// cache against its own version, flags and the source, and a rejected cache is replaced.

/** Prefix the build gives third-party requires of a bundled package: `distill-bundle:<pkg>:<id>`. */
const EXTERNAL = 'distill-bundle:';
/** Prefix the build gives built-ins that load on first use (lazy-builtin.ts). */
const LAZY_BUILTIN = 'distill-builtin:';

/** Cache files kept in the folder: one per build and Node version, so older builds' are removed. */
const KEEP_CACHES = 4;

/** How long a run must last before it may refresh an accepted cache (see below). */
const REFRESH_AFTER_MS = 2000;

interface Bundle {
  run(argv: string[]): Promise<number>;
}

/** Where the compiled code is kept: a folder of this user's in the OS's temporary folder. */
function cacheDir(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE || process.env.DISTILL_COMPILE_CACHE === '0') return undefined;
  if (process.env.DISTILL_COMPILE_CACHE_DIR) return process.env.DISTILL_COMPILE_CACHE_DIR;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return join(tmpdir(), `distill-compile-cache-${uid}`);
}

/** os.tmpdir() without loading node:os where the answer is the environment's (POSIX). */
function tmpdir(): string {
  if (process.platform === 'win32') return process.getBuiltinModule('os').tmpdir();
  const dir = process.env.TMPDIR || process.env.TMP || process.env.TEMP || '/tmp';
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
}

/** The cache file, if it is there and this user's own (compiled code is code: never run another's). */
function readCache(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const st = fstatSync(fd);
    if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function writeCache(dir: string, file: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Written aside and renamed, so that two commands running at once never read half a file.
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, data, { mode: 0o600 });
    renameSync(part, file);
    pruneCaches(dir);
  } catch {
    // A cache that cannot be written only costs the next run its compile time.
  }
}

/**
 * Each build of distill and each Node version writes its own file (upgrades, several installs):
 * only the KEEP_CACHES most recently written stay, and parts left by a run that died while
 * writing go after an hour.
 */
function pruneCaches(dir: string): void {
  const now = Date.now();
  const files = readdirSync(dir)
    .filter((f) => f.startsWith('parse-'))
    .map((f) => ({ f, mtime: statSync(join(dir, f)).mtimeMs }));
  const done = files.filter((x) => x.f.endsWith('.bin')).sort((a, b) => b.mtime - a.mtime);
  const stale = [
    ...done.slice(KEEP_CACHES),
    ...files.filter((x) => x.f.endsWith('.part') && now - x.mtime > 3_600_000),
  ];
  for (const { f } of stale) unlinkSync(join(dir, f));
}

/**
 * Runs `distill parse …` from the code-cached bundle beside this file and returns the exit
 * code's promise, or undefined when there is no bundle (running from source, or turned off with
 * DISTILL_COLD_BUNDLE=0), and the caller loads the commands as ES modules.
 */
export function runParseBundle(distDir: string, argv: string[]): Promise<number> | undefined {
  if (process.env.DISTILL_COLD_BUNDLE === '0') return undefined;
  const file = join(distDir, 'cold', 'parse.cjs');
  let source: string;
  let chains: Chains;
  let hash: string;
  try {
    source = readFileSync(file, 'latin1'); // ASCII, by the build's charset
    const meta = JSON.parse(readFileSync(join(distDir, 'cold', 'parse.json'), 'utf8'));
    chains = meta.chains as Chains;
    hash =
      typeof meta.hash === 'string' && /^[0-9a-f]{16}$/.test(meta.hash) ? meta.hash : String(source.length);
  } catch {
    return undefined;
  }
  const dir = cacheDir();
  // Named by the bundle's content hash (the build's, in parse.json): V8 accepts a cache for
  // any source of the same length, so two builds differing only in a constant would otherwise
  // run each other's compiled code.
  const cacheFile = dir && join(dir, `parse-${process.version}-${process.arch}-${hash}.bin`);
  const cached = cacheFile ? readCache(cacheFile) : undefined;
  // The wrapper is CommonJS's own plus one parameter: the runtime the build's rewrites call.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __distill) { ${source}\n})`;
  const script = new Script(wrapped, {
    filename: file,
    cachedData: cached,
  });
  if (cacheFile && (!cached || script.cachedDataRejected)) {
    process.once('exit', () => writeCache(dir, cacheFile, script.createCachedData()));
  } else if (cacheFile && cached && process.env.DISTILL_COMPILE_CACHE_REFRESH !== '0') {
    // A cache written by a run that parsed one kind of file lacks the code of the others. A run
    // long enough that serialising (some 10–50 ms) is noise saves again if it compiled more.
    // DISTILL_COMPILE_CACHE_REFRESH=0 keeps an accepted cache as it is (a run under valgrind
    // lasts long enough to serialise, which would be counted as the command's work).
    const started = Date.now(); // not performance.now(): the global loads perf_hooks
    process.once('exit', () => {
      if (Date.now() - started < REFRESH_AFTER_MS) return;
      const data = script.createCachedData();
      if (data.length > cached.length * 1.1) writeCache(dir, cacheFile, data);
    });
  }
  const runtime = bundleRuntime(file, chains);
  // The bundle requires only built-ins and what the build marked: no resolution from a folder.
  const require = (id: string) => {
    if (id.startsWith(LAZY_BUILTIN)) return lazyBuiltin(id.slice(LAZY_BUILTIN.length));
    if (id.startsWith(EXTERNAL)) {
      const [pkg, spec] = splitExternal(id);
      return runtime.require(pkg, spec);
    }
    return process.getBuiltinModule(id);
  };
  const module = { exports: {} as Bundle };
  const fn = script.runInThisContext() as (...args: unknown[]) => void;
  fn.call(module.exports, module.exports, require, module, file, dirname(file), runtime);
  return module.exports.run(argv);
}

/** `distill-bundle:@distill/html:parse5` → ['@distill/html', 'parse5']. */
function splitExternal(id: string): [string, string] {
  const rest = id.slice(EXTERNAL.length);
  const at = rest.indexOf(':');
  return [rest.slice(0, at), rest.slice(at + 1)];
}
