import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ConvertOutcome } from './convert.js';

/** One line of `manifest.jsonl`: what happened to one input file. */
export interface ManifestEntry {
  path: string;
  size: number;
  mtimeMs?: number;
  hash?: string;
  /** What shaped the output: the options (with their defaults), --json and the engine's version. */
  key?: string;
  status: 'ok' | 'error' | 'unsupported';
  code?: string;
  error?: string;
  retryable?: boolean;
  outputs?: string[];
  pages?: number;
  ms: number;
  at: string;
}

export const MANIFEST = 'manifest.jsonl';

/**
 * The manifest in the output folder. Appends are one line each, so a run killed at any point
 * leaves a readable file; on the next run the last line per path decides.
 */
export class Manifest {
  private readonly done = new Map<string, ManifestEntry>();
  readonly file: string;

  private constructor(out: string) {
    this.file = join(out, MANIFEST);
  }

  static async open(out: string): Promise<Manifest> {
    const m = new Manifest(out);
    await mkdir(dirname(m.file), { recursive: true });
    if (existsSync(m.file)) {
      const lines = createInterface({ input: createReadStream(m.file), crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        if (!line.trim()) continue;
        try {
          const e = JSON.parse(line) as ManifestEntry;
          m.done.set(e.path, e);
        } catch {
          // A line cut by a kill mid-write: the file is converted again.
        }
      }
    }
    return m;
  }

  /**
   * The earlier outcome of an unchanged file that needs no new run: converted with its outputs
   * still there, or failed for a reason that retrying cannot fix (a corrupt or unsupported
   * file). Retryable failures (timeouts, crashes) are run again.
   */
  async settled(path: string, retryFailed = false, key?: string): Promise<ConvertOutcome | undefined> {
    const e = this.done.get(path);
    if (!e || e.status === 'unsupported') return undefined;
    if (e.status === 'error' && (e.retryable !== false || retryFailed)) return undefined;
    // Other options (formats, PDF mode, ...) or another engine version make other outputs.
    if (key !== undefined && e.key !== key) return undefined;
    const st = await stat(path).catch(() => undefined);
    if (!st || st.size !== e.size) return undefined;
    if (e.mtimeMs !== undefined && Math.round(st.mtimeMs) !== e.mtimeMs) {
      // A copy, a checkout or a sync tool changes the mtime alone: the content decides.
      if (!e.hash) return undefined;
      const now = await readFile(path).catch(() => undefined);
      if (!now || createHash('sha256').update(now).digest('hex') !== e.hash) return undefined;
    }
    if (e.status === 'ok' && !(e.outputs ?? []).every((o) => existsSync(o))) return undefined;
    return {
      path,
      outStem: '',
      status: e.status,
      size: e.size,
      hash: e.hash,
      code: e.code,
      error: e.error,
      outputs: e.outputs,
      pages: e.pages,
      ms: 0,
    };
  }

  /** Whether the manifest already lists this path as unsupported (so it is not listed again). */
  knownUnsupported(path: string): boolean {
    return this.done.get(path)?.status === 'unsupported';
  }

  async record(o: ConvertOutcome, key?: string): Promise<ManifestEntry> {
    const st = await stat(o.path).catch(() => undefined);
    const entry: ManifestEntry = {
      path: o.path,
      size: o.size || st?.size || 0,
      mtimeMs: st ? Math.round(st.mtimeMs) : undefined,
      hash: o.hash,
      key,
      status: o.status,
      code: o.code,
      error: o.error,
      retryable: o.status === 'error' ? o.retryable === true : undefined,
      outputs: o.outputs,
      pages: o.pages,
      ms: o.ms,
      at: new Date().toISOString(),
    };
    this.done.set(o.path, entry);
    await appendFile(this.file, `${JSON.stringify(entry)}\n`);
    return entry;
  }

  entries(): ManifestEntry[] {
    return [...this.done.values()];
  }
}
