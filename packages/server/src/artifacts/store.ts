import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * File kinds the server hands out, by the extension its URLs carry: screenshots and PDFs of
 * scrape, and the images a parse writes as files (as the documents embed them).
 */
export const ARTIFACT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  webp: 'image/webp',
  emf: 'image/emf',
  wmf: 'image/wmf',
  jp2: 'image/jp2',
  svg: 'image/svg+xml',
};
const EXT_OF: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' };

/**
 * 24 random bytes, base64url, or a parse's image named by a salted content hash (as long): the
 * name is the capability, so it must not be guessable.
 */
const NAME = new RegExp(`^[A-Za-z0-9_-]{32}\\.(${Object.keys(ARTIFACT_TYPES).join('|')})$`);

export interface ServedArtifact {
  path: string;
  mime: string;
  size: number;
}

/**
 * Screenshots and action PDFs of `/v2/scrape`, kept in a folder and served by the server at
 * `<base>/v2/artifacts/<random name>` until they expire (24 h, as the spec's screenshots do).
 * The URL is the only key: like a signed URL, whoever holds it may fetch the file, and nobody
 * can list or guess the others. A client never sees the server's disk.
 */
export class ServedArtifactStore {
  private lastSweep = 0;
  private base: string | undefined;

  constructor(
    readonly dir: string,
    readonly ttlMs = 24 * 3600 * 1000,
    base?: string,
  ) {
    this.base = base?.replace(/\/+$/, '');
  }

  /** The server's public URL; set once it listens when no `--public-url` was given. */
  setBaseUrl(base: string): void {
    this.base ??= base.replace(/\/+$/, '');
  }

  async put(data: Uint8Array, mime: string): Promise<{ url: string; expiresAt: string }> {
    if (!this.base) throw new Error('artifact store used before the server listens');
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const now = Date.now();
    const name = `${randomBytes(24).toString('base64url')}.${EXT_OF[mime] ?? 'pdf'}`;
    await writeFile(join(this.dir, name), data, { mode: 0o600 });
    if (now - this.lastSweep > 600_000) {
      this.lastSweep = now;
      void this.sweep(now);
    }
    return { url: `${this.base}/v2/artifacts/${name}`, expiresAt: new Date(now + this.ttlMs).toISOString() };
  }

  /**
   * Where a parse writes the images of one request (`imageFiles` of the engine): this folder,
   * linked by the artifact URL, and a fresh random salt in the content hash, so a name cannot
   * be derived from an image and each request's files expire on their own.
   */
  imageFiles(): { dir: string; linkPrefix: string; salt: string } {
    if (!this.base) throw new Error('artifact store used before the server listens');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const now = Date.now();
    if (now - this.lastSweep > 600_000) {
      this.lastSweep = now;
      void this.sweep(now);
    }
    return { dir: this.dir, linkPrefix: `${this.base}/v2/artifacts/`, salt: randomBytes(16).toString('hex') };
  }

  /** The file behind a name from a URL, or undefined when the name is malformed, unknown or expired. */
  async get(name: string, now = Date.now()): Promise<ServedArtifact | undefined> {
    const m = NAME.exec(name);
    if (!m) return undefined;
    const path = join(this.dir, name);
    const s = await stat(path).catch(() => undefined);
    if (!s?.isFile() || now - s.mtimeMs > this.ttlMs) return undefined;
    return { path, mime: ARTIFACT_TYPES[m[1] as string] as string, size: s.size };
  }

  /** Deletes expired files; best effort, a later sweep retries. */
  async sweep(now = Date.now()): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const f of names) {
      const p = join(this.dir, f);
      const s = await stat(p).catch(() => undefined);
      if (s && now - s.mtimeMs > this.ttlMs) await unlink(p).catch(() => undefined);
    }
  }
}
