import { opendir, stat } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { SUPPORTED_EXTENSIONS } from 'distill';

/** One file to convert, with the path its outputs mirror below `--out`. */
export interface InputFile {
  path: string;
  /** Relative output stem: `sub/report.pdf` for `<dir>/sub/report.pdf` (outputs add `.md`, `.json`). */
  outStem: string;
}

const SUPPORTED = new Set<string>(SUPPORTED_EXTENSIONS);
export const isSupportedName = (name: string): boolean => {
  const m = /\.[^./\\]+$/.exec(name);
  return m !== null && SUPPORTED.has(m[0].toLowerCase());
};

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

/** Walks a directory depth-first in name order, yielding files as it goes (no full listing held). */
export async function* walk(dir: string): AsyncGenerator<string> {
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const entries: { name: string; dir: boolean }[] = [];
    for await (const e of await opendir(current)) {
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) entries.push({ name: e.name, dir: true });
      else if (e.isFile()) entries.push({ name: e.name, dir: false });
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const e of entries) {
      if (e.dir) subdirs.push(join(current, e.name));
      else yield join(current, e.name);
    }
    for (let k = subdirs.length - 1; k >= 0; k--) stack.push(subdirs[k]);
  }
}

const toPosix = (p: string) => p.split(sep).join('/');

/**
 * Expands the command's arguments: a file is taken as it is (whatever its extension), a
 * directory is walked for supported files, a glob is matched below its static prefix.
 */
export async function* expandInputs(args: readonly string[]): AsyncGenerator<InputFile> {
  // With several directory arguments, outputs go below each one's name so `a/x.pdf` and `b/x.pdf` never collide.
  const several = args.length > 1;
  for (const arg of args) {
    if (hasGlob(arg) && !(await exists(arg))) {
      const parts = toPosix(arg).split('/');
      const firstGlob = parts.findIndex(hasGlob);
      const base = parts.slice(0, firstGlob).join('/') || '.';
      const re = globToRegExp(parts.slice(firstGlob).join('/'));
      if (!(await exists(base))) continue;
      for await (const file of walk(base)) {
        const rel = toPosix(relative(base, file));
        if (re.test(rel)) yield { path: file, outStem: rel };
      }
      continue;
    }
    const st = await stat(arg).catch(() => undefined);
    if (st?.isDirectory()) {
      const root = resolve(arg);
      const prefix = several ? `${basename(root)}/` : '';
      for await (const file of walk(arg)) {
        if (isSupportedName(file))
          yield { path: file, outStem: prefix + toPosix(relative(root, resolve(file))) };
      }
    } else {
      yield { path: arg, outStem: toPosix(arg).split('/').pop()! };
    }
  }
}

async function exists(p: string): Promise<boolean> {
  return (await stat(p).catch(() => undefined)) !== undefined;
}
