import { z } from 'zod';
import { chunksFormat, refineChunksFormat } from './chunks.js';

const viewport = z
  .object({ width: z.number().int().positive(), height: z.number().int().positive() })
  .strict();

const simple = <T extends string>(type: T) => z.object({ type: z.literal(type) }).strict();

export const screenshotFormat = z
  .object({
    type: z.literal('screenshot'),
    fullPage: z.boolean().default(false),
    quality: z.number().int().min(1).max(100).optional(),
    viewport: viewport.optional(),
  })
  .strict();

export const jsonFormat = z
  .object({
    type: z.literal('json'),
    schema: z.record(z.unknown()).optional(),
    prompt: z.string().optional(),
    checkPromptInjection: z.boolean().default(false),
  })
  .strict();

export const changeTrackingFormat = z
  .object({
    type: z.literal('changeTracking'),
    modes: z.array(z.enum(['git-diff', 'json'])).optional(),
    schema: z.record(z.unknown()).optional(),
    prompt: z.string().optional(),
    tag: z.string().nullable().default(null),
  })
  .strict();

export const FORMAT_TYPES = [
  'markdown',
  'summary',
  'html',
  'rawHtml',
  'rawBase64',
  'links',
  'images',
  'screenshot',
  'json',
  'changeTracking',
  'branding',
  'product',
  'menu',
  'audio',
  'video',
  // distill's own, beside the spec's (options/chunks.ts).
  'chunks',
] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

const formatObject = z.discriminatedUnion('type', [
  simple('markdown'),
  simple('summary'),
  simple('html'),
  simple('rawHtml'),
  simple('rawBase64'),
  simple('links'),
  simple('images'),
  screenshotFormat,
  jsonFormat,
  changeTrackingFormat,
  simple('branding'),
  simple('product'),
  simple('menu'),
  simple('audio'),
  simple('video'),
  chunksFormat,
]);

export type FormatItem = z.infer<typeof formatObject>;
/** What a caller writes: the object form, or the plain string of a type (`"markdown"`). */
export type FormatItemInput = FormatType | z.input<typeof formatObject>;

/**
 * A format item. The preprocess step turns a plain string into the object form; its declared
 * input type is the union above (zod would infer `unknown` for a preprocess), so
 * `formats: ['nope']` fails to type-check while the runtime check stays the same.
 */
export const formatItem = z.preprocess(
  (v) => (typeof v === 'string' ? { type: v } : v),
  formatObject,
) as unknown as z.ZodType<FormatItem, z.ZodTypeDef, FormatItemInput>;

export const formatsSchema = z.array(formatItem).superRefine((items, ctx) => {
  items.forEach((f, i) => {
    if (f.type === 'chunks') refineChunksFormat(f, ctx, [i]);
  });
});
