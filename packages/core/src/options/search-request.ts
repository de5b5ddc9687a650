import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';
import { clientFields, LIMITS, scrapeOptionsSchema, threatProtectionSchema } from './scrape-options.js';

// Every schema here is built on first use (lazy-schema.ts): a `distill parse` never searches.

/** A hostname only: no protocol, path, port or query. */
export const hostnameSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(253)
    .regex(
      /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?$/,
      'a hostname only, without protocol, path or port (for example example.com)',
    ),
);

/** One tbs part: qdr:h|d|w|m|y, sbd:1, or cdr:1 followed by cd_min / cd_max parts. */
const TBS_PART =
  /^(qdr:[hdwmy]|sbd:[01]|cdr:1|cd_min:\d{1,2}\/\d{1,2}\/\d{4}|cd_max:\d{1,2}\/\d{1,2}\/\d{4})$/;

export const tbsSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .refine((v) => v.split(',').every((p) => TBS_PART.test(p.trim())), {
      message: 'tbs takes qdr:h|d|w|m|y, cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY or sbd:1, comma-separated',
    }),
);

const webSource = lazySchema(() =>
  z.object({ type: z.literal('web'), tbs: tbsSchema.optional(), location: z.string().optional() }).strict(),
);
const sourceObject = lazySchema(() =>
  z.discriminatedUnion('type', [
    webSource,
    z.object({ type: z.literal('images') }).strict(),
    z.object({ type: z.literal('news') }).strict(),
    z.object({ type: z.literal('catalogue') }).strict(),
  ]),
);
/**
 * The catalogue source under the names the official clients send: firecrawl-mcp asks for
 * `alexandria` (and, before that, `exchange`) where the spec says `catalogue`.
 */
const CATALOGUE_ALIASES = new Set(['alexandria', 'exchange']);
const sourceName = (t: unknown) => (typeof t === 'string' && CATALOGUE_ALIASES.has(t) ? 'catalogue' : t);
export const sourceSchema = lazySchema(() =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? { type: sourceName(v) }
        : v && typeof v === 'object' && 'type' in v
          ? { ...v, type: sourceName((v as { type: unknown }).type) }
          : v,
    sourceObject,
  ),
);
export type SearchSource = z.infer<typeof sourceObject>;

const categoryObject = lazySchema(() =>
  z.object({ type: z.enum(['developer', 'research', 'pdf']) }).strict(),
);
export const categorySchema = lazySchema(() =>
  z.preprocess((v) => (typeof v === 'string' ? { type: v } : v), categoryObject),
);

export const searchRequestSchema = lazySchema(() =>
  z
    .object({
      query: z.string().min(1).max(LIMITS.query.max),
      limit: z
        .number()
        .int()
        .min(LIMITS.searchLimit.min)
        .max(LIMITS.searchLimit.max)
        .default(LIMITS.searchLimit.default),
      sources: z
        .array(sourceSchema)
        .min(1)
        .default([{ type: 'web' }]),
      domainTools: z.boolean().optional(),
      /** How much of each discovered tool to return (firecrawl-mcp sends it): compact, summary or full. */
      toolDetail: z.enum(['compact', 'summary', 'full']).optional(),
      categories: z.array(categorySchema).default([]),
      includeDomains: z.array(hostnameSchema).optional(),
      excludeDomains: z.array(hostnameSchema).optional(),
      tbs: tbsSchema.optional(),
      location: z.string().min(1).optional(),
      country: z.string().min(2).max(2).default('US'),
      safe: z.boolean().optional(),
      timeout: z.number().int().positive().default(LIMITS.searchTimeoutDefault),
      ignoreInvalidURLs: z.boolean().default(false),
      highlights: z.boolean().default(true),
      enterprise: z.array(z.enum(['anon', 'zdr'])).optional(),
      scrapeOptions: scrapeOptionsSchema.default({}),
      threatProtection: threatProtectionSchema.optional(),
      ...clientFields,
    })
    .strict()
    .superRefine((req, ctx) => {
      if (req.includeDomains && req.excludeDomains) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['excludeDomains'],
          message: 'includeDomains and excludeDomains are mutually exclusive',
        });
      }
    }),
);

export type SearchRequestInput = z.input<typeof searchRequestSchema>;
export type SearchRequest = z.output<typeof searchRequestSchema>;
