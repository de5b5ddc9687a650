import type { ParseContext } from '@distill/core';
import type { OoxmlPackage } from './package.js';

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

/** Largest embedded image turned into a data URI; bigger ones keep their file name. */
const MAX_DATA_URI_BYTES = 16 * 1024 * 1024;

/**
 * The `src` of an embedded image. With removeBase64Images (the default) the Markdown would only
 * show a placeholder, so the part's file name is kept instead and no image is inflated or
 * encoded; otherwise the image becomes a data URI.
 */
export function imageSource(
  pkg: OoxmlPackage,
  part: string | undefined,
  ctx: ParseContext,
  fallbackName?: string,
): string | undefined {
  if (!part) return fallbackName;
  const name = fallbackName ?? part.split('/').pop();
  if (ctx.options.removeBase64Images) return name;
  const entry = pkg.zip.find(part);
  if (!entry || entry.uncompressedSize > MAX_DATA_URI_BYTES) return name;
  const ext = (part.split('.').pop() ?? '').toLowerCase();
  const mime = pkg.contentType(part) ?? MIME[ext] ?? 'application/octet-stream';
  try {
    const bytes = pkg.bytes(part);
    return `data:${mime};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
  } catch {
    return name;
  }
}
