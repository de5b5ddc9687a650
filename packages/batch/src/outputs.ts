import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ParseResult } from 'distill';

/** Writes through a temporary file and a rename, so a killed run never leaves half a file. */
export async function writeAtomic(path: string, data: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** Writes `<out>/<stem>.md` (and `.html`, `.json` as asked) and returns the paths written. */
export async function writeOutputs(
  out: string,
  outStem: string,
  result: ParseResult,
  json: boolean,
): Promise<string[]> {
  const base = join(out, outStem);
  const written: string[] = [];
  if (result.markdown !== undefined) {
    await writeAtomic(`${base}.md`, result.markdown);
    written.push(`${base}.md`);
  }
  if (result.html !== undefined) {
    await writeAtomic(`${base}.html`, result.html);
    written.push(`${base}.html`);
  }
  if (json) {
    await writeAtomic(`${base}.json`, `${JSON.stringify({ success: true, data: result }, null, 2)}\n`);
    written.push(`${base}.json`);
  }
  return written;
}
