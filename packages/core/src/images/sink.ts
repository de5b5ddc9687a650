import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImageFiles } from './options.js';

/** Extensions an image file may carry: what the formats embed, nothing a browser would run. */
const EXTENSIONS = new Set(['png', 'jpg', 'gif', 'bmp', 'tif', 'webp', 'emf', 'wmf', 'jp2', 'svg']);

/** Maps the names formats use to the one extension written (`jpeg` → `jpg`, `tiff` → `tif`). */
export function imageExtension(nameOrExt: string): string | undefined {
  const ext = (nameOrExt.split('.').pop() ?? '').toLowerCase();
  const canonical = ext === 'jpeg' || ext === 'jpe' ? 'jpg' : ext === 'tiff' ? 'tif' : ext;
  return EXTENSIONS.has(canonical) ? canonical : undefined;
}

/** Where images go as a parser meets them: one call per image, never all of them held. */
export interface ImageSink {
  /**
   * Writes an image once per content (a repeat returns the first one's link) and returns the
   * link the Markdown uses, or undefined (with a note) when it is left out.
   */
  put(bytes: Uint8Array, ext: string, where?: string): string | undefined;
  /** Images left out and why ("page 3: JBIG2-coded"), said in the result's warning. */
  note(message: string): void;
  readonly notes: string[];
  readonly written: number;
}

/**
 * A content-hash name: 32 characters of base64url SHA-256, so the same image is one file
 * however often and wherever it appears, and (with a salt) a name says nothing of the image.
 */
export function imageName(bytes: Uint8Array, ext: string, salt = ''): string {
  const h = createHash('sha256');
  if (salt) h.update(salt);
  h.update(bytes);
  return `${h.digest('base64url').slice(0, 32)}.${ext}`;
}

/**
 * An ImageSink writing to a folder. Files are written to a temporary name and renamed, so a
 * reader (or a parallel writer of the same image, in another worker thread) never sees half a
 * file; a name already on disk is not written again.
 */
export function folderImageSink(opts: ImageFiles): ImageSink {
  const prefix = opts.linkPrefix ?? (opts.dir.endsWith('/') ? opts.dir : `${opts.dir}/`);
  const seen = new Set<string>();
  const notes: string[] = [];
  let written = 0;
  let made = false;
  const note = (m: string) => {
    if (notes.length < 100) notes.push(m);
    else if (notes.length === 100) notes.push('further images left out are not listed');
  };
  return {
    notes,
    get written() {
      return written;
    },
    note,
    put(bytes, given, where) {
      const ext = imageExtension(given);
      const at = where ? `${where}: ` : '';
      if (!ext) {
        note(`${at}an image of type "${given}" was not written (not an image format)`);
        return undefined;
      }
      if (bytes.byteLength > opts.maxBytes) {
        note(`${at}an image of ${bytes.byteLength} bytes was not written (over ${opts.maxBytes})`);
        return undefined;
      }
      const name = imageName(bytes, ext, opts.salt);
      if (!seen.has(name)) {
        seen.add(name);
        if (!made) {
          mkdirSync(opts.dir, { recursive: true });
          made = true;
        }
        const path = join(opts.dir, name);
        if (!existsSync(path)) {
          const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
          writeFileSync(tmp, bytes, { mode: 0o644 });
          renameSync(tmp, path);
          written++;
        }
      }
      return `${prefix}${name}`;
    },
  };
}
