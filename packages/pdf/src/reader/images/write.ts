import type { ImageSink } from '@distill/core';
import type { PageInput, PageLayout } from '../../types.js';
import type { PdfFile } from '../document.js';
import { Stream } from '../objects.js';
import { encodeImageXObject } from './xobject.js';

/**
 * Writes the pictures layout placed on a page through the sink and links them from their
 * image blocks; `seen` maps an image object to its link across pages, so a logo on every page
 * is encoded once. Pictures left out stay image placeholders, and the page's `imageNotes`
 * say why. One picture at a time: its pixels are released before the next is decoded.
 */
export function writePictures(
  file: PdfFile,
  input: PageInput,
  layout: PageLayout,
  sink: ImageSink,
  seen: Map<string, string | null>,
): PageLayout {
  const pictures = input.pictures ?? [];
  const where = `page ${layout.pageNumber}`;
  const notes: string[] = [];
  const blocks = layout.blocks.map((b) => {
    if (b.kind !== 'image' || b.picture === undefined) return b;
    const { picture, ...rest } = b;
    const source = pictures[picture]?.source;
    if (!(source instanceof Stream)) return rest;
    const key = source.ref?.key;
    let link = key !== undefined ? seen.get(key) : undefined;
    if (link === undefined) {
      link = null;
      try {
        const out = encodeImageXObject(file, source);
        if ('skip' in out) notes.push(`${where}: an image was not written (${out.skip})`);
        else {
          link = sink.put(out.bytes, out.ext, where) ?? null;
          for (const n of out.notes ?? []) notes.push(`${where}: an image was written, but ${n}`);
        }
      } catch (e) {
        notes.push(`${where}: an image could not be decoded (${(e as Error)?.message ?? e})`);
      }
      if (key !== undefined) seen.set(key, link);
    }
    return link ? { ...rest, src: link } : rest;
  });
  notes.push(...sink.notes.splice(0));
  return { ...layout, blocks, ...(notes.length ? { imageNotes: notes } : {}) };
}
