import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ImageFilesInput } from 'distill/internals';

/**
 * Images as files for one output: the folder, and the link prefix that reaches it from where
 * the Markdown is written (`<out>/<stem>.md`), so `![...](../images/<hash>.png)` opens from
 * the Markdown file. Without an output folder (Markdown on stdout) links are as the folder
 * was given: relative to the working directory, or absolute.
 */
export function imageFilesFor(imagesDir: string, out?: string, outStem?: string): ImageFilesInput {
  const dir = resolve(imagesDir);
  if (!out || outStem === undefined) {
    const given = isAbsolute(imagesDir) ? dir : relative(process.cwd(), dir) || '.';
    return { dir, linkPrefix: `${toUrlPath(given)}/` };
  }
  const from = dirname(resolve(join(out, outStem)));
  return { dir, linkPrefix: `${toUrlPath(relative(from, dir) || '.')}/` };
}

/** A file path as a Markdown link path: forward slashes, spaces and parentheses escaped. */
const toUrlPath = (p: string) =>
  p
    .split(sep)
    .map((s) => encodeURIComponent(s).replace(/%3A/gi, ':'))
    .join('/');
