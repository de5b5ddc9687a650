import type { ZipArchive } from '@distill/core';

const MIME: Record<string, string> = {
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

/** Largest embedded picture turned into a data URI; bigger ones keep their path. */
const MAX_DATA_URI_BYTES = 16 * 1024 * 1024;

/**
 * The `src` of a picture stored in the package. With removeBase64Images (the default) the
 * Markdown would only show a placeholder, so the member's path is kept and nothing is
 * inflated; otherwise the picture becomes a data URI (as the OOXML parsers do).
 */
export function pictureSource(zip: ZipArchive, href: string, embed: boolean): string {
  const path = href.replace(/^\.\//, '');
  if (!embed || /^[a-z][a-z0-9+.-]*:/i.test(path)) return href;
  const entry = zip.entries.get(path);
  const mime = MIME[(path.split('.').pop() ?? '').toLowerCase()];
  if (!entry || !mime || entry.uncompressedSize > MAX_DATA_URI_BYTES) return href;
  try {
    const bytes = zip.read(path);
    return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
  } catch {
    return href;
  }
}
