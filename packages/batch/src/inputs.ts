import {
  type Dir,
  opendir as opendirCallback,
  realpath as realpathCallback,
  type Stats,
  stat as statCallback,
  statSync,
} from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { SUPPORTED_EXTENSIONS } from 'distill';

// The callback forms, promisified: node:fs/promises loads a dozen more built-ins (readline
// among them), which a cold `distill parse` of one file would compile for three calls.
// opendir is promisified on first use: reading fs.opendir loads Node's internal/fs/dir, which
// a run given files, not folders, never needs (1.4 M instructions to compile).
let opendirPromised: ((path: string) => Promise<Dir>) | undefined;
const opendir = (path: string): Promise<Dir> => {
  opendirPromised ??= promisify(opendirCallback);
  return opendirPromised(path);
};
const realpath = promisify(realpathCallback);
const stat = promisify(statCallback);

/** Why an input found in a folder is not converted; the batch reports it, never drops it. */
export interface InputSkip {
  reason: 'unsupported' | 'unreadable';
  /** Catalogue code: UNSUPPORTED_FILE_TYPE, FORBIDDEN (permissions), NOT_FOUND. */
  code: string;
  message: string;
}

/** One file to convert, with the path its outputs mirror below `--out`. */
export interface InputFile {
  path: string;
  /** Relative output stem: `sub/report.pdf` for `<dir>/sub/report.pdf` (outputs add `.md`, `.json`). */
  outStem: string;
  /** Set for a file or folder of a walk that cannot be converted: counted and listed, not converted. */
  skip?: InputSkip;
}

const SUPPORTED = new Set<string>(SUPPORTED_EXTENSIONS);
/** A supported extension, or one followed by `.gz` (a compressed page or export, read as what it holds). */
export const isSupportedName = (name: string): boolean => {
  const m = /(\.[^./\\]+)(\.gz)?$/i.exec(name);
  return m !== null && SUPPORTED.has((m[1] as string).toLowerCase());
};

/** The catalogue error for a folder or file the walk may not read. */
export function unreadableSkip(path: string, e: unknown): InputSkip {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM'
    ? { reason: 'unreadable', code: 'FORBIDDEN', message: `permission denied reading ${path} (${code})` }
    : { reason: 'unreadable', code: 'NOT_FOUND', message: `cannot read ${path} (${code ?? String(e)})` };
}

const hasGlob = (s: string) => /[*?[\]{}]/.test(s);

/** Converts a glob (`*`, `**`, `?`, `[...]`, `{a,b}`) to a RegExp over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((s) => s.replace(/[.+^$()|\\]/g, '\\$&'))
          .join('|')})`;
        i = end;
      }
    } else if (c === '[') {
      const end = glob.indexOf(']', i);
      if (end < 0) re += '\\[';
      else {
        re += `[${glob.slice(i + 1, end).replace(/^!/, '^')}]`;
        i = end;
      }
    } else re += /[.+^$()|\\]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${re}$`);
}

/** A file of a walk, or a folder it could not open (with the cause). */
export interface WalkEntry {
  path: string;
  error?: unknown;
}

/**
 * Walks a directory depth-first in name order, yielding files as it goes (no full listing
 * held). A folder it may not open is yielded with its error and the walk goes on past it.
 * Symbolic links are followed (a folder of links into a data set is common), a link to a folder
 * that is already being walked is not entered twice (a loop ends), and a broken link is yielded
 * with its error, so it is reported rather than dropped.
 */
export async function* walkEntries(dir: string): AsyncGenerator<WalkEntry> {
  const stack = [dir];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const current = stack.pop()!;
    const entries: { name: string; dir: boolean; error?: unknown }[] = [];
    try {
      const real = await realpath(current);
      if (seen.has(real)) continue;
      seen.add(real);
      for await (const e of await opendir(current)) {
        if (e.name.startsWith('.')) continue;
        if (e.isDirectory()) entries.push({ name: e.name, dir: true });
        else if (e.isFile()) entries.push({ name: e.name, dir: false });
        else if (e.isSymbolicLink()) {
          const target = await stat(join(current, e.name)).catch((error: unknown) => error);
          if (target instanceof Error) entries.push({ name: e.name, dir: false, error: target });
          else if ((target as Stats).isDirectory()) entries.push({ name: e.name, dir: true });
          else if ((target as Stats).isFile()) entries.push({ name: e.name, dir: false });
        }
      }
    } catch (error) {
      yield { path: current, error };
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const e of entries) {
      if (e.dir) subdirs.push(join(current, e.name));
      else yield e.error ? { path: join(current, e.name), error: e.error } : { path: join(current, e.name) };
    }
    for (let k = subdirs.length - 1; k >= 0; k--) stack.push(subdirs[k] as string);
  }
}

/** The files of a walk, skipping folders that cannot be opened. */
export async function* walk(dir: string): AsyncGenerator<string> {
  for await (const e of walkEntries(dir)) if (!e.error) yield e.path;
}

const toPosix = (p: string) => p.split(sep).join('/');

/**
 * Expands the command's arguments: a file is taken as it is (whatever its extension), a
 * directory is walked for supported files, a glob is matched below its static prefix. Files of
 * a walk that are not supported, and folders that cannot be read, come out with `skip` set,
 * so the caller can count and report them.
 */
export async function* expandInputs(args: readonly string[]): AsyncGenerator<InputFile> {
  // With several directory arguments, outputs go below each one's name so `a/x.pdf` and `b/x.pdf` never collide.
  const several = args.length > 1;
  for (const arg of args) {
    if (hasGlob(arg) && !exists(arg)) {
      const parts = toPosix(arg).split('/');
      const firstGlob = parts.findIndex(hasGlob);
      const base = parts.slice(0, firstGlob).join('/') || '.';
      const re = globToRegExp(parts.slice(firstGlob).join('/'));
      if (!exists(base)) continue;
      for await (const e of walkEntries(base)) {
        const rel = toPosix(relative(base, e.path));
        if (e.error) yield { path: e.path, outStem: rel, skip: unreadableSkip(e.path, e.error) };
        else if (re.test(rel)) yield { path: e.path, outStem: rel };
      }
      continue;
    }
    if (statOf(arg)?.isDirectory()) {
      const root = resolve(arg);
      const prefix = several ? `${basename(root)}/` : '';
      for await (const e of walkEntries(arg)) {
        const outStem = prefix + toPosix(relative(root, resolve(e.path)));
        if (e.error) yield { path: e.path, outStem, skip: unreadableSkip(e.path, e.error) };
        else if (isSupportedName(e.path)) yield { path: e.path, outStem };
        else
          yield {
            path: e.path,
            outStem,
            skip: { reason: 'unsupported', code: 'UNSUPPORTED_FILE_TYPE', message: 'not a supported format' },
          };
      }
    } else {
      yield { path: arg, outStem: toPosix(arg).split('/').pop()! };
    }
  }
}

/**
 * A command-line argument's stat, or undefined when it cannot be had. Synchronous: a one-file
 * run has nothing else to do meanwhile, and an asynchronous stat is a round trip through
 * libuv's thread pool, whose threads the first such call starts.
 */
function statOf(p: string): Stats | undefined {
  try {
    return statSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

const exists = (p: string): boolean => statOf(p) !== undefined;
