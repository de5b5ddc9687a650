import { createHash } from 'node:crypto';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where screenshots and PDFs go: a URL to return and when it stops being valid. */
export interface ArtifactStore {
  put(data: Uint8Array, mime: string): Promise<{ url: string; expiresAt?: string }>;
}

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };

/** Returns `data:` URLs; nothing is written, nothing expires. */
export class DataUrlArtifactStore implements ArtifactStore {
  async put(data: Uint8Array, mime: string) {
    return { url: `data:${mime};base64,${Buffer.from(data).toString('base64')}` };
  }
}

/**
 * Writes files to a folder and returns `file:` URLs that expire after `ttlMs` (24 hours, as
 * the spec's screenshots do); expired files are swept on later writes.
 */
export class FileArtifactStore implements ArtifactStore {
  private lastSweep = 0;
  constructor(
    readonly dir: string,
    readonly ttlMs = 24 * 3600 * 1000,
  ) {}

  async put(data: Uint8Array, mime: string) {
    await mkdir(this.dir, { recursive: true });
    const now = Date.now();
    const name = `${now.toString(36)}-${createHash('sha256').update(data).digest('hex').slice(0, 16)}.${EXT[mime] ?? 'bin'}`;
    const path = join(this.dir, name);
    await writeFile(path, data);
    if (now - this.lastSweep > 600_000) {
      this.lastSweep = now;
      void this.sweep(now);
    }
    return { url: pathToFileURL(path).href, expiresAt: new Date(now + this.ttlMs).toISOString() };
  }

  private async sweep(now: number): Promise<void> {
    try {
      for (const f of await readdir(this.dir)) {
        const p = join(this.dir, f);
        const s = await stat(p).catch(() => undefined);
        if (s && now - s.mtimeMs > this.ttlMs) await unlink(p).catch(() => undefined);
      }
    } catch {
      // Sweeping is best effort.
    }
  }
}
