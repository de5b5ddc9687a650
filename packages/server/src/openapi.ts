import { ERROR_CATALOGUE, parseOptionsSchema, scrapeRequestSchema, searchRequestSchema } from '@distill/core';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { ARTIFACT_TYPES } from './artifacts/store.js';
import { crawlPaths, crawlSchemas } from './crawl/openapi-paths.js';
import { researchPaths } from './openapi-research.js';
import { errorResponses, jobStatusResponse, json } from './openapi-responses.js';

/** A request schema as JSON Schema (draft 2020-12 is what OpenAPI 3.1 uses; draft-07 output is a subset). */
// The schemas go in untyped: their full zod types are deep enough to stall the type checker
// inside zod-to-json-schema's generics, and only the JSON output matters here.
const schemaOf = (s: unknown) => {
  const { $schema: _s, ...rest } = zodToJsonSchema(s as never, {
    target: 'jsonSchema7',
    $refStrategy: 'none',
    effectStrategy: 'input',
  }) as Record<string, unknown>;
  return rest;
};

const errorBody = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: { type: 'string', description: 'The catalogue message' },
    code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
    details: { description: 'Field issues of a validation error', type: 'array', items: { type: 'object' } },
    id: { type: 'string' },
  },
};

const ok = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { const: true },
    data,
    id: { type: 'string' },
    creditsUsed: { type: 'number' },
    warning: { type: ['string', 'null'] },
  },
});

// The spec's metadata keys with their types; "further page metadata keys with string values".
const metadata = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    description: { type: 'string' },
    keywords: { type: 'string' },
    language: { type: 'string' },
    contentType: { type: 'string' },
    sourceURL: { type: 'string' },
    url: { type: 'string' },
    statusCode: { type: 'integer' },
    numPages: { type: 'integer' },
    totalPages: { type: 'integer' },
    error: { type: ['string', 'null'] },
    ogLocaleAlternate: { type: 'array', items: { type: 'string' } },
    concurrencyLimited: { type: 'boolean' },
    concurrencyQueueDurationMs: { type: 'integer' },
  },
  additionalProperties: { type: 'string' },
};
const box = { type: 'array', items: { type: 'number' } };
// distill's `chunks` format (core's chunks/chunk.ts): structure-aware pieces with provenance.
const chunk = {
  type: 'object',
  required: ['id', 'text', 'headingPath', 'markdownSpan', 'size', 'pages', 'regions'],
  properties: {
    id: { type: 'string' },
    text: { type: 'string' },
    headingPath: { type: 'array', items: { type: 'string' } },
    markdownSpan: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
    size: { type: 'integer' },
    pages: { type: 'array', items: { type: 'integer' } },
    pageLabels: { type: 'array', items: { type: 'string' } },
    regions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['pageNumber', 'bbox', 'blocks'],
        properties: {
          pageNumber: { type: 'integer' },
          pageLabel: { type: 'string' },
          bbox: box,
          blocks: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    parts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'unit', 'from', 'to', 'of'],
        properties: {
          id: { type: 'string' },
          unit: { enum: ['rows', 'items', 'chars'] },
          from: { type: 'integer' },
          to: { type: 'integer' },
          of: { type: 'integer' },
        },
      },
    },
    overlap: { type: 'integer' },
    oversize: { const: true },
  },
};
const document = {
  type: 'object',
  additionalProperties: true,
  properties: {
    markdown: { type: 'string' },
    html: { type: 'string' },
    rawHtml: { type: 'string' },
    rawBase64: { type: 'string' },
    links: { type: 'array', items: { type: 'string' } },
    images: { type: 'array', items: { type: 'string' } },
    screenshot: { type: ['string', 'null'], format: 'uri' },
    pages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['pageNumber', 'markdown'],
        properties: {
          pageNumber: { type: 'integer' },
          pageLabel: { type: 'string' },
          markdown: { type: 'string' },
        },
      },
    },
    blocks: { type: 'array', items: { type: 'object' } },
    chunks: { type: 'array', items: chunk },
    warning: { type: 'string' },
    metadata,
  },
};

/**
 * The OpenAPI 3.1 description of the `/v2` API, built from the same zod schemas the routes
 * validate with, so the two cannot disagree. Served at `GET /v2/openapi.json`.
 */
export function openApiDocument(version: string): Record<string, unknown> {
  // Every status a route can answer: the checks of every request (401, 429, 503 while draining
  // or when the state store fails), those of charged routes (402, 400, 408, 413 for a body over
  // the limit), then each route's own.
  const always = [401, 429, 503];
  const common = [...always, 400, 402, 408, 413, 500];
  return {
    openapi: '3.1.0',
    info: {
      title: 'distill /v2 API',
      version,
      description:
        'Parse documents, search and scrape, as ../shared/spec/interface-spec.md describes. Every error is a catalogue entry.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: errorBody,
        ParseOptions: schemaOf(parseOptionsSchema),
        SearchRequest: schemaOf(searchRequestSchema),
        ScrapeRequest: schemaOf(scrapeRequestSchema),
        Document: document,
        ...crawlSchemas({ schemaOf }),
        Paper: {
          type: 'object',
          required: ['paperId', 'primaryId', 'ids', 'title', 'abstract', 'score'],
          properties: {
            paperId: { type: 'string' },
            primaryId: { type: 'string' },
            ids: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
            title: { type: 'string' },
            abstract: { type: 'string' },
            score: { type: 'number' },
            url: { type: 'string' },
          },
        },
      },
    },
    paths: {
      ...crawlPaths({ schemaOf, common }),
      ...researchPaths({ common }),
      ...operationPaths(common),
      ...servicePaths(always),
    },
  };
}

/** The spec's three operations: parse (multipart), search and scrape. */
function operationPaths(common: number[]): Record<string, unknown> {
  return {
    '/v2/parse': {
      post: {
        operationId: 'parse',
        summary: 'Parse an uploaded document',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', contentMediaType: 'application/octet-stream' },
                  options: {
                    type: 'string',
                    contentMediaType: 'application/json',
                    contentSchema: { $ref: '#/components/schemas/ParseOptions' },
                  },
                },
              },
            },
          },
        },
        responses: jobStatusResponse('The parsed document', ok({ $ref: '#/components/schemas/Document' }), [
          ...common,
          422,
        ]),
      },
    },
    '/v2/search': {
      post: {
        operationId: 'search',
        summary: 'Search the configured provider',
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/SearchRequest' }) },
        responses: jobStatusResponse(
          'Results by source',
          ok({
            type: 'object',
            properties: {
              web: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['url'],
                  properties: {
                    url: { type: 'string' },
                    title: { type: 'string' },
                    description: { type: 'string' },
                  },
                },
              },
              news: { type: 'array', items: { type: 'object' } },
              images: { type: 'array', items: { type: 'object' } },
              research: { type: 'array', items: { $ref: '#/components/schemas/Paper' } },
              tools: { type: 'array', items: { type: 'object' } },
            },
          }),
          [...common, 403, 501, 502, 504],
        ),
      },
    },
    '/v2/scrape': {
      post: {
        operationId: 'scrape',
        summary: 'Scrape one URL',
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/ScrapeRequest' }) },
        responses: jobStatusResponse('The scraped document', ok({ $ref: '#/components/schemas/Document' }), [
          ...common,
          403,
          404,
          422,
          501,
          502,
          504,
        ]),
      },
    },
  };
}

/** The server's own routes: credits, health, artifacts and this document. */
function servicePaths(always: number[]): Record<string, unknown> {
  return {
    '/v2/team/credit-usage': {
      get: {
        operationId: 'creditUsage',
        summary:
          "The calling key's credits (the route the official firecrawl client's getCreditUsage() calls)",
        responses: jobStatusResponse(
          'Remaining credits; null for a key without a budget',
          {
            type: 'object',
            required: ['success', 'data'],
            properties: {
              success: { const: true },
              id: { type: 'string' },
              data: {
                type: 'object',
                required: ['remainingCredits', 'planCredits'],
                additionalProperties: false,
                properties: {
                  remainingCredits: { type: ['integer', 'null'], minimum: 0 },
                  planCredits: { type: ['integer', 'null'], minimum: 0 },
                  billingPeriodStart: { type: ['string', 'null'] },
                  billingPeriodEnd: { type: ['string', 'null'] },
                },
              },
            },
          },
          always,
        ),
      },
    },
    '/v2/health': {
      get: {
        operationId: 'health',
        security: [],
        responses: jobStatusResponse(
          'Serving, with the operations that are live',
          {
            type: 'object',
            required: ['success', 'status', 'operations'],
            properties: {
              success: { const: true },
              status: { const: 'ok' },
              id: { type: 'string' },
              operations: {
                type: 'object',
                required: ['parse', 'search', 'scrape'],
                additionalProperties: {
                  type: 'object',
                  required: ['live'],
                  properties: { live: { type: 'boolean' }, provider: { type: ['string', 'null'] } },
                },
              },
              state: {
                type: 'object',
                description: 'Where credits and rate limits are kept; memory means a restart resets them',
                properties: { store: { enum: ['memory', 'sqlite', 'redis'] } },
              },
            },
          },
          [503],
        ),
      },
    },
    '/v2/artifacts/{name}': {
      get: {
        operationId: 'artifact',
        security: [],
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'A screenshot or PDF that scrape made, or an image a parse wrote (images format)',
            content: Object.fromEntries(Object.values(ARTIFACT_TYPES).map((t) => [t, {}])),
          },
          ...errorResponses([404, 503]),
        },
      },
    },
    '/v2/openapi.json': {
      get: {
        operationId: 'openapi',
        security: [],
        responses: jobStatusResponse('This document', { type: 'object' }, [503]),
      },
    },
  };
}
