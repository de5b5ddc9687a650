import { z } from 'zod';

/**
 * The `chunks` format: distill's own, beside the spec's. Structure-aware pieces of the
 * document for retrieval, each with its heading path, Markdown span, pages and boxes
 * (`src/chunks/`). Declared here once; the library, CLI and API all read this schema.
 */

/** Encodings of the `gpt-tokenizer` package, by tiktoken's names (o200k_base: GPT-4o and later; cl100k_base: GPT-4 and 3.5). */
export const TOKENIZERS = ['o200k_base', 'cl100k_base', 'p50k_base', 'r50k_base'] as const;
export type TokenizerName = (typeof TOKENIZERS)[number];

export const CHUNK_LIMITS = {
  /** The smallest budget: below a line of text, chunks would be cut inside words. */
  minSize: 16,
  maxSize: 1_000_000,
  /** Defaults: about 500 tokens of English either way. */
  defaultChars: 2000,
  defaultTokens: 512,
} as const;

export const chunksFormat = z
  .object({
    type: z.literal('chunks'),
    /** The budget of one chunk, in `unit`s (default 2000 characters or 512 tokens). */
    size: z.number().int().min(CHUNK_LIMITS.minSize).max(CHUNK_LIMITS.maxSize).optional(),
    /** `characters` (JavaScript string length) by default; `tokens` counts with `tokenizer`. */
    unit: z.enum(['characters', 'tokens']).optional(),
    tokenizer: z.enum(TOKENIZERS).optional(),
    /** Text of the previous chunk (same section) repeated at the start of the next, in `unit`s. */
    overlap: z.number().int().min(0).default(0),
  })
  .strict();

/**
 * The checks across fields, run by the formats list (a discriminated union takes plain objects
 * only, so the refinement cannot sit on the member itself).
 */
export function refineChunksFormat(
  f: z.output<typeof chunksFormat>,
  ctx: z.RefinementCtx,
  at: (string | number)[],
): void {
  if (f.unit === 'characters' && f.tokenizer !== undefined)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: [...at, 'tokenizer'],
      message: 'a tokenizer counts tokens: use unit "tokens" (or leave unit out)',
    });
  const unit = f.unit ?? (f.tokenizer ? 'tokens' : 'characters');
  const size = f.size ?? (unit === 'tokens' ? CHUNK_LIMITS.defaultTokens : CHUNK_LIMITS.defaultChars);
  if (f.overlap >= size)
    ctx.addIssue({
      code: z.ZodIssueCode.too_big,
      path: [...at, 'overlap'],
      maximum: size - 1,
      inclusive: true,
      type: 'number',
      message: `overlap must be smaller than the chunk size (${size})`,
    });
}

export type ChunksFormat = z.output<typeof chunksFormat>;

/** The settings a chunker runs with: defaults resolved. */
export interface ChunkSettings {
  size: number;
  unit: 'characters' | 'tokens';
  tokenizer: TokenizerName;
  overlap: number;
}

export function chunkSettings(f: ChunksFormat): ChunkSettings {
  const unit = f.unit ?? (f.tokenizer ? 'tokens' : 'characters');
  return {
    unit,
    size: f.size ?? (unit === 'tokens' ? CHUNK_LIMITS.defaultTokens : CHUNK_LIMITS.defaultChars),
    tokenizer: f.tokenizer ?? 'o200k_base',
    overlap: f.overlap,
  };
}
