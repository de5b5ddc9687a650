import { archiveDataUri, type ImageSink, writeArchiveImage, type ZipArchive } from '@distill/core';

/**
 * The `src` of a picture stored in the package. With removeBase64Images (the default) the
 * Markdown would only show a placeholder, so the member's path is kept and nothing is
 * inflated; otherwise the picture becomes a data URI (as the OOXML parsers do).
 */
export function pictureSource(zip: ZipArchive, href: string, embed: boolean, sink?: ImageSink): string {
  const path = href.replace(/^\.\//, '');
  // Images as files: the member is written as stored and linked.
  if (sink && !/^[a-z][a-z0-9+.-]*:/i.test(path)) return writeArchiveImage(zip, path, sink) ?? href;
  if (!embed || /^[a-z][a-z0-9+.-]*:/i.test(path)) return href;
  return archiveDataUri(zip, path) ?? href;
}
