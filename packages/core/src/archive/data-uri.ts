import type { ZipArchive } from './zip.js';

/** Image content types by file extension, for archive members that carry no type of their own. */
const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  emf: 'image/emf',
  wmf: 'image/wmf',
};

export const imageMimeOf = (path: string): string | undefined =>
  IMAGE_MIME[(path.split('.').pop() ?? '').toLowerCase()];

/** Largest embedded picture turned into a data URI; bigger ones keep their path. */
export const MAX_DATA_URI_BYTES = 16 * 1024 * 1024;

/**
 * An archive member as a data URI, for `removeBase64Images: false`; undefined when the member is
 * missing, too large, of no known type or unreadable, so the caller keeps the member's name.
 */
export function archiveDataUri(zip: ZipArchive, path: string, mime = imageMimeOf(path)): string | undefined {
  const entry = zip.find(path);
  if (!entry || !mime || entry.uncompressedSize > MAX_DATA_URI_BYTES) return undefined;
  try {
    const bytes = zip.read(path);
    return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
  } catch {
    return undefined;
  }
}
