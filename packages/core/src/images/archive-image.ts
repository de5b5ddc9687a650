import type { ZipArchive } from '../archive/zip.js';
import { toDistillError } from '../errors/distill-error.js';
import type { ImageSink } from './sink.js';

/**
 * An image member of a ZIP container (docx, pptx, xlsx, ODF, EPUB) written through the sink as
 * it is stored (a PNG stays that PNG), read only now and released after: the archive's own
 * limits hold. Undefined, with a note, when it is missing or cannot be read.
 */
export function writeArchiveImage(
  zip: ZipArchive,
  path: string,
  sink: ImageSink,
  where?: string,
): string | undefined {
  if (!zip.find(path)) {
    sink.note(`${where ? `${where}: ` : ''}the image ${path} is not in the file`);
    return undefined;
  }
  let bytes: Uint8Array;
  try {
    bytes = zip.read(path);
  } catch (e) {
    sink.note(
      `${where ? `${where}: ` : ''}the image ${path} could not be read (${toDistillError(e).message})`,
    );
    return undefined;
  }
  return sink.put(bytes, path, where);
}
