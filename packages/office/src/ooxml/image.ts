import { archiveDataUri, imageMimeOf, type ParseContext, writeArchiveImage } from '@distill/core';
import type { OoxmlPackage } from './package.js';

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
  // Images as files: the part is written as stored and linked, whatever removeBase64Images says.
  if (ctx.images) return writeArchiveImage(pkg.zip, part, ctx.images) ?? name;
  if (ctx.options.removeBase64Images) return name;
  // The package's declared image type wins over the extension; a declared type that is not an
  // image (text/plain on a PNG, seen in the wild) would make a data URI no viewer shows.
  const declared = pkg.contentType(part);
  const mime = declared?.startsWith('image/')
    ? declared
    : (imageMimeOf(part) ?? declared ?? 'application/octet-stream');
  return archiveDataUri(pkg.zip, part, mime) ?? name;
}

// Office appends these to alt text it generated itself; they describe the tool, not the picture.
const AUTO_ALT_SUFFIX =
  /\s*(?:Description automatically generated(?: with (?:low|medium|high) confidence)?\.?|AI-generated content may be incorrect\.?)\s*$/i;
// Inserting a picture from a file (python-pptx, some exporters) stores the file name as its
// description: a name is not a description of what the picture shows.
const FILE_NAME_ALT = /^[^\s/\\]+\.(?:png|jpe?g|gif|bmp|tiff?|emf|wmf|svg|webp|heic)$/i;

/** A picture's alt text as a reader should get it: one line, without Office's boilerplate. */
export function cleanAltText(raw: string | undefined): string | undefined {
  let alt = (raw ?? '').replace(/\s+/g, ' ').trim();
  alt = alt.replace(AUTO_ALT_SUFFIX, '').trim();
  if (FILE_NAME_ALT.test(alt)) return undefined;
  return alt || undefined;
}
