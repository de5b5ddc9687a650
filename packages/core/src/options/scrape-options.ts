import { z } from 'zod';
import { formatsSchema } from './formats.js';
import { lazySchema } from './lazy-schema.js';
import { pdfOwnOptions } from './pdf-own.js';

/** Limits from the spec's Limits table. */
export const LIMITS = {
  timeout: { min: 1000, max: 300_000, default: 60_000 },
  maxAgeDefault: 172_800_000,
  maxAgeLockdown: 2 * 365 * 24 * 3600 * 1000,
  maxPages: { min: 1, max: 10_000 },
  profileName: { min: 1, max: 128 },
  threatListMax: 1000,
  fileSizeBytes: 50 * 1024 * 1024,
  query: { max: 500 },
  searchLimit: { min: 1, max: 100, default: 10 },
  searchTimeoutDefault: 60_000,
} as const;

export const pdfParserSchema = z
  .object({
    type: z.literal('pdf'),
    mode: z.enum(['fast', 'auto', 'ocr']).default('auto'),
    maxPages: z.number().int().min(LIMITS.maxPages.min).max(LIMITS.maxPages.max).optional(),
    pages: z.boolean().default(false),
    blocks: z.boolean().default(false),
    pageMarkers: z.boolean().default(false),
    ...pdfOwnOptions,
  })
  .strict();
export type PdfParserOptions = z.infer<typeof pdfParserSchema>;

/** `parsers`: `pdf` as a plain string or the object form; `[]` returns PDFs base64-encoded. */
export const parsersSchema = z
  .array(
    // Typed as its input union (a preprocess alone would accept `unknown` at compile time).
    z.preprocess((v) => (typeof v === 'string' ? { type: v } : v), pdfParserSchema) as unknown as z.ZodType<
      PdfParserOptions,
      z.ZodTypeDef,
      'pdf' | z.input<typeof pdfParserSchema>
    >,
  )
  .default([{ type: 'pdf' }]);

// The scrape-only schemas (actions, location, threat protection, profile) are built on first use
// (lazy-schema.ts): `distill parse` and the parse API validate parse options, which take none.
const waitAction = lazySchema(() =>
  z
    .object({
      type: z.literal('wait'),
      milliseconds: z.number().int().min(1).optional(),
      selector: z.string().min(1).optional(),
    })
    .strict()
    .refine((a) => (a.milliseconds === undefined) !== (a.selector === undefined), {
      message: 'wait takes exactly one of milliseconds or selector',
    }),
);

const viewport = lazySchema(() =>
  z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
);

export const actionSchema = lazySchema(() =>
  z.union([
    waitAction,
    z
      .object({
        type: z.literal('screenshot'),
        fullPage: z.boolean().default(false),
        quality: z.number().int().min(1).max(100).optional(),
        viewport: viewport.optional(),
      })
      .strict(),
    z
      .object({ type: z.literal('click'), selector: z.string().min(1), all: z.boolean().default(false) })
      .strict(),
    z.object({ type: z.literal('write'), text: z.string() }).strict(),
    z.object({ type: z.literal('press'), key: z.string().min(1) }).strict(),
    z
      .object({
        type: z.literal('scroll'),
        direction: z.enum(['up', 'down']).default('down'),
        selector: z.string().optional(),
      })
      .strict(),
    z.object({ type: z.literal('scrape') }).strict(),
    z.object({ type: z.literal('executeJavascript'), script: z.string() }).strict(),
    z
      .object({
        type: z.literal('pdf'),
        format: z
          .enum(['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger'])
          .default('Letter'),
        landscape: z.boolean().default(false),
        scale: z.number().positive().default(1),
      })
      .strict(),
  ]),
);
export type Action = z.infer<typeof actionSchema>;

export const locationSchema = lazySchema(() =>
  z
    .object({
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'country is an ISO 3166-1 alpha-2 code of two uppercase letters')
        .default('US'),
      languages: z.array(z.string().min(1)).optional(),
    })
    .strict(),
);

/** Plain domains or wildcard globs: no protocol, path or port. */
const domainPattern = lazySchema(() =>
  z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9*.-]+$/, 'a domain or wildcard glob without protocol, path or port'),
);

export const threatProtectionSchema = lazySchema(() =>
  z
    .object({
      mode: z.enum(['off', 'normal']).optional(),
      riskScoreThreshold: z.number().int().min(0).max(100).optional(),
      blacklist: z.array(domainPattern).max(LIMITS.threatListMax).optional(),
      whitelist: z.array(domainPattern).max(LIMITS.threatListMax).optional(),
      blockedTlds: z
        .array(z.string().regex(/^[a-z0-9-]+$/, 'lowercase TLD without a leading dot'))
        .max(LIMITS.threatListMax)
        .optional(),
      failurePolicy: z.enum(['open', 'closed']).optional(),
    })
    .strict(),
);
export type ThreatProtectionOverride = z.infer<typeof threatProtectionSchema>;

export const PII_ENTITIES = ['email', 'phone', 'creditCard', 'iban', 'ip', 'ssn'] as const;
export type PiiEntity = (typeof PII_ENTITIES)[number];

/** `redactPII`: true for the defaults, or an object choosing entities and replacement style. */
export const redactPiiSchema = z.union([
  z.boolean(),
  z
    .object({
      mode: z.enum(['replace', 'mask', 'remove']).default('replace'),
      entities: z
        .array(z.enum(PII_ENTITIES))
        .min(1)
        .default([...PII_ENTITIES]),
      replacement: z.enum(['type', 'redacted']).default('type'),
    })
    .strict(),
]);
export type RedactPiiOption = z.infer<typeof redactPiiSchema>;

export const profileSchema = lazySchema(() =>
  z
    .object({
      name: z.string().min(LIMITS.profileName.min).max(LIMITS.profileName.max),
      saveChanges: z.boolean().default(true),
    })
    .strict(),
);

export const timeoutSchema = z.number().int().min(LIMITS.timeout.min).max(LIMITS.timeout.max);

/** ScrapeOptions, as the spec's table gives them (defaults and bounds included). */
export const scrapeOptionsShape = {
  formats: formatsSchema.optional(),
  onlyMainContent: z.boolean().default(true),
  onlyCleanContent: z.boolean().default(false),
  includeTags: z.array(z.string()).optional(),
  excludeTags: z.array(z.string()).optional(),
  maxAge: z.number().int().min(0).optional(),
  minAge: z.number().int().min(1).optional(),
  headers: z.record(z.string()).optional(),
  waitFor: z.number().int().min(0).default(0),
  mobile: z.boolean().default(false),
  skipTlsVerification: z.boolean().default(true),
  timeout: timeoutSchema.default(LIMITS.timeout.default),
  parsers: parsersSchema,
  // Optional forms built on first use too: `.optional()` reads (and so would build) the schema.
  actions: lazySchema(() => z.array(actionSchema).optional()),
  location: lazySchema(() => locationSchema.optional()),
  removeBase64Images: z.boolean().default(true),
  blockAds: z.boolean().default(true),
  proxy: z.enum(['basic', 'enhanced', 'auto']).default('auto'),
  storeInCache: z.boolean().default(true),
  lockdown: z.boolean().default(false),
  redactPII: redactPiiSchema.default(false),
  profile: lazySchema(() => profileSchema.optional()),
  threatProtection: lazySchema(() => threatProtectionSchema.optional()),
  auditMetadata: z.record(z.unknown()).optional(),
} as const;

export const scrapeOptionsSchema = z.object(scrapeOptionsShape).strict();
export type ScrapeOptions = z.infer<typeof scrapeOptionsSchema>;
export type ScrapeOptionsInput = z.input<typeof scrapeOptionsSchema>;

/**
 * What a scrape's options tell the parse of what it fetched (a page, a local file): the
 * options both requests share, as given. The caller adds the formats it wants parsed and the
 * time the parse may take.
 */
export function parseOptionsOfScrape(o: ScrapeOptions) {
  return {
    onlyMainContent: o.onlyMainContent,
    includeTags: o.includeTags,
    excludeTags: o.excludeTags,
    parsers: o.parsers,
    redactPII: o.redactPII,
    removeBase64Images: o.removeBase64Images,
  };
}

/** Fields the official clients add to every request; accepted and ignored. */
export const clientFields = {
  origin: z.string().optional(),
  integration: z.string().optional(),
} as const;

/** The body of `POST /v2/scrape`: a URL and the scrape options. */
export const scrapeRequestSchema = z
  .object({
    url: z.string().min(1),
    ...scrapeOptionsShape,
    zeroDataRetention: z.boolean().default(false),
    ...clientFields,
  })
  .strict();
export type ScrapeRequest = z.infer<typeof scrapeRequestSchema>;
