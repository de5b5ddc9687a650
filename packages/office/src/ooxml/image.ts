import { archiveDataUri, imageMimeOf, type ParseContext } from '@distill/core';
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
  if (ctx.options.removeBase64Images) return name;
  // The package's declared content type wins over the extension.
  return (
    archiveDataUri(pkg.zip, part, pkg.contentType(part) ?? imageMimeOf(part) ?? 'application/octet-stream') ??
    name
  );
}
