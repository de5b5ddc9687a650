import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ParseResult } from 'distill';

/**
 * Folders this process has made: a folder of 1,000 files needs one mkdir, not 1,000 (each a
 * walk up the path in the kernel, a visible share of a cold run over small files).
 */
const made = new Set<string>();

async function ensureDir(dir: string): Promise<void> {
  if (made.has(dir)) return;
  await mkdir(dir, { recursive: true });
  made.add(dir);
}

/** Writes through a temporary file and a rename, so a killed run never leaves half a file. */
export async function writeAtomic(path: string, data: string): Promise<void> {
  const dir = dirname(path);
  await ensureDir(dir);
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, data);
  } catch (e) {
    // The folder went away since this process made it (removed between runs): make it again.
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    made.delete(dir);
    await ensureDir(dir);
    await writeFile(tmp, data);
  }
  await rename(tmp, path);
}

/** Chunks as JSON Lines: one chunk a line, in order. */
export function chunksJsonl(chunks: readonly unknown[]): string {
  let out = '';
  for (const c of chunks) out += `${JSON.stringify(c)}\n`;
  return out;
}

/**
 * Writes `<out>/<stem>.md` (and `.html`, `.json`, and `.chunks.jsonl` for the chunks format, as
 * asked) and returns the paths written.
 */
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
  if (result.chunks !== undefined) {
    await writeAtomic(`${base}.chunks.jsonl`, chunksJsonl(result.chunks));
    written.push(`${base}.chunks.jsonl`);
  }
  if (json) {
    await writeAtomic(`${base}.json`, `${JSON.stringify({ success: true, data: result }, null, 2)}\n`);
    written.push(`${base}.json`);
  }
  return written;
}
