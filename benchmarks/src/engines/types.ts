export type Kind = 'pdf' | 'html' | 'office';

export interface ConvertInput {
  /** Absolute path of the input file (external tools read it from disk). */
  path: string;
  /** The bytes (already decompressed for .html.gz inputs). */
  bytes: Uint8Array;
  /** Name with the real extension, e.g. `0001.html` for `0001.html.gz`. */
  filename: string;
  /** A document to convert whole: engines with a main-content filter turn it off. */
  wholePage?: boolean;
}

export interface Engine {
  name: string;
  kinds: Kind[];
  /** Which file extensions (lower case, no dot) it can take; undefined = all of its kinds. */
  accepts?: (ext: string) => boolean;
  /** Package or tool version, for the report. */
  version: () => Promise<string>;
  /** Markdown (or text, for text-only tools) of one document. */
  convert: (input: ConvertInput) => Promise<string>;
  /** Layout blocks of one PDF (page, label, normalised box), for engines that give them. */
  blocks?: (input: ConvertInput) => Promise<{ page: number; label: string; bbox: number[] }[]>;
  /** Documents converted at once in quality runs (OCR engines: one per core); default 1. */
  concurrency?: number;
  /** A reference point for speed only (e.g. the bare HTML parser): left out of quality runs. */
  speedOnly?: boolean;
  /**
   * Its output depends only on its version and the input (a published peer, not distill's code
   * under work): the html quality suites cache its answers (page-pool.ts).
   */
  cacheable?: boolean;
  /** Frees pools and workers so the process can exit. */
  close?: () => Promise<void>;
}
