import { z } from 'zod';
import { lazySchema } from '../options/lazy-schema.js';

/**
 * Images written as files (`--images DIR`, `imageFiles` of the library's runtime options): a
 * run-time setting beside the spec's parse options, not one of them, because it names a
 * folder on the machine that parses. The HTTP API never takes it from a client; the server
 * sets it to its own artifact folder when a parse asks for the `images` format.
 */
// Built on first use (lazy-schema.ts): only a run writing images validates it.
export const imageFilesSchema = lazySchema(() =>
  z
    .object({
      /** Folder the images are written to (created when missing). */
      dir: z.string().min(1),
      /**
       * What the Markdown puts before a file's name to link it: a path relative to where the
       * Markdown will be read (`../images/`) or a URL. Default: `dir` as given, with a slash.
       */
      linkPrefix: z.string().optional(),
      /**
       * Mixed into the content hash that names a file: the server salts per request, so a name
       * cannot be guessed from the image. Without it the same image is the same file everywhere.
       */
      salt: z.string().max(256).optional(),
      /** Largest image written, in bytes (default 64 MiB); a larger one is left out with a warning. */
      maxBytes: z
        .number()
        .int()
        .min(1)
        .max(1024 * 1024 * 1024)
        .default(64 * 1024 * 1024),
    })
    .strict(),
);

export type ImageFilesInput = z.input<typeof imageFilesSchema>;
export type ImageFiles = z.output<typeof imageFilesSchema>;
