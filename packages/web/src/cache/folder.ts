import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { CacheAdapter } from './adapter.js';

/** `DISTILL_CACHE_DIR`, else `~/.cache/distill`. */
export const defaultCacheDir = (): string =>
  process.env.DISTILL_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'distill');

/** One JSON file per key under `<dir>/pages/ab/<key>.json`, written atomically. */
export class FolderCache implements CacheAdapter {
  constructor(readonly dir: string = join(defaultCacheDir(), 'pages')) {}

  private path(key: string) {
    const safe = key.replace(/[^A-Za-z0-9_-]/g, '_');
    return join(this.dir, safe.slice(0, 2), `${safe}.json`);
  }

  async get(key: string) {
    try {
      return await readFile(this.path(key), 'utf8');
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: string) {
    const p = this.path(key);
    await mkdir(join(p, '..'), { recursive: true });
    const tmp = `${p}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, value);
    await rename(tmp, p);
  }

  async delete(key: string) {
    await unlink(this.path(key)).catch(() => undefined);
  }
}
