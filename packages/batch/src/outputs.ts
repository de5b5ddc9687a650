import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
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

/**
 * Whether `path` already holds exactly `data`. A run repeated into the same folder then only
 * touches the file: replacing a file by rename makes ext4 force the new file's data out to disk
 * first (its auto_da_alloc), which cost a re-run of 100 one-page PDFs about 350 ms. The
 * modification time is still set, so tools that compare times (make) see the output as new.
 */
function sameSync(path: string, data: string): boolean {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st?.isFile() || st.size !== Buffer.byteLength(data)) return false;
  // Bytes, not decoded text: a file that is not valid UTF-8 can decode to the same string.
  if (!readFileSync(path).equals(Buffer.from(data))) return false;
  const now = new Date();
  utimesSync(path, now, now);
  return true;
}

async function same(path: string, data: string): Promise<boolean> {
  const st = await stat(path).catch(() => undefined);
  if (!st?.isFile() || st.size !== Buffer.byteLength(data)) return false;
  if (!(await readFile(path)).equals(Buffer.from(data))) return false;
  const now = new Date();
  await utimes(path, now, now);
  return true;
}

/**
 * Writes through a temporary file and a rename, so a killed run never leaves half a file; a
 * file that already holds the same text is left as it is (only its time is set).
 */
export async function writeAtomic(path: string, data: string): Promise<void> {
  if (await same(path, data)) return;
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

/** Writes through a temporary file and a rename, as writeAtomic, without leaving the thread. */
export function writeAtomicSync(path: string, data: string): void {
  if (sameSync(path, data)) return;
  const dir = dirname(path);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, data);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    mkdirSync(dir, { recursive: true });
    writeFileSync(tmp, data);
  }
  renameSync(tmp, path);
}

/** The files a result makes: `<out>/<stem>.md` (and `.html`, `.chunks.jsonl`, `.json` as asked), with their text. */
function outputFiles(out: string, outStem: string, result: ParseResult, json: boolean): [string, string][] {
  const base = join(out, outStem);
  const files: [string, string][] = [];
  if (result.markdown !== undefined) files.push([`${base}.md`, result.markdown]);
  if (result.html !== undefined) files.push([`${base}.html`, result.html]);
  if (result.chunks !== undefined) files.push([`${base}.chunks.jsonl`, chunksJsonl(result.chunks)]);
  if (json) files.push([`${base}.json`, `${JSON.stringify({ success: true, data: result }, null, 2)}\n`]);
  return files;
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
  const files = outputFiles(out, outStem, result, json);
  for (const [path, data] of files) await writeAtomic(path, data);
  return files.map(([path]) => path);
}

/** As writeOutputs, without leaving the thread (a command converting files one after another). */
export function writeOutputsSync(out: string, outStem: string, result: ParseResult, json: boolean): string[] {
  const files = outputFiles(out, outStem, result, json);
  for (const [path, data] of files) writeAtomicSync(path, data);
  return files.map(([path]) => path);
}
