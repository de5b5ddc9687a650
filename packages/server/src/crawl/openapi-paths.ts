import { jobStatusResponse, json } from '../openapi-responses.js';
import {
  batchScrapeRequestSchema,
  crawlRequestSchema,
  mapRequestSchema,
  paramsPreviewSchema,
} from './schemas.js';

type Schema = Record<string, unknown>;

interface Helpers {
  /** A zod schema as JSON Schema. */
  schemaOf(s: unknown): Schema;
  common: number[];
}

const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const skipParam = {
  name: 'skip',
  in: 'query',
  required: false,
  description: 'Documents to skip (the `next` link carries it)',
  schema: { type: 'integer', minimum: 0 },
};

const started = {
  type: 'object',
  required: ['success', 'id', 'url'],
  properties: {
    success: { const: true },
    id: { type: 'string' },
    url: { type: 'string', description: 'Where to read the status' },
    invalidURLs: { type: 'array', items: { type: 'string' } },
  },
};

const jobStatus = {
  type: 'object',
  required: ['success', 'status', 'total', 'completed', 'data', 'next'],
  properties: {
    success: { const: true },
    status: { enum: ['scraping', 'completed', 'failed', 'cancelled'] },
    total: { type: 'integer', description: 'URLs discovered (admitted to the frontier)' },
    completed: { type: 'integer', description: 'Pages stored' },
    creditsUsed: { type: 'number' },
    expiresAt: { type: 'string', format: 'date-time' },
    next: { type: ['string', 'null'], description: 'Absolute URL of the next page of documents' },
    data: { type: 'array', items: { $ref: '#/components/schemas/Document' } },
    limitsReached: {
      type: 'array',
      items: { enum: ['pages', 'maxDiscoveryDepth', 'totalBytes', 'wallTime', 'frontier', 'credits'] },
      description: 'Every hard limit the job ran into',
    },
    warning: { type: 'string' },
    error: { type: 'string' },
  },
};

const jobErrors = {
  type: 'object',
  required: ['errors', 'robotsBlocked'],
  properties: {
    success: { const: true },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'url', 'error'],
        properties: {
          id: { type: 'string' },
          timestamp: { type: 'string' },
          url: { type: 'string' },
          code: { type: 'string', description: 'A catalogue code' },
          error: { type: 'string' },
        },
      },
    },
    robotsBlocked: { type: 'array', items: { type: 'string' } },
  },
};

const cancelled = {
  type: 'object',
  required: ['success', 'status'],
  properties: {
    success: { const: true },
    status: { enum: ['scraping', 'completed', 'failed', 'cancelled'] },
  },
};

/** Request schemas of the crawl, batch scrape and map routes, for `components.schemas`. */
export function crawlSchemas(h: Pick<Helpers, 'schemaOf'>): Record<string, Schema> {
  return {
    CrawlRequest: h.schemaOf(crawlRequestSchema),
    BatchScrapeRequest: h.schemaOf(batchScrapeRequestSchema),
    MapRequest: h.schemaOf(mapRequestSchema),
    ParamsPreviewRequest: h.schemaOf(paramsPreviewSchema),
  };
}

/** The job routes of `/v2/crawl`, `/v2/batch/scrape` and `/v2/map`. */
export function crawlPaths(h: Helpers): Record<string, unknown> {
  const jobRoutes = (base: string, kind: 'crawl' | 'batch scrape', op: string, request: string) => ({
    [base]: {
      post: {
        operationId: `start${op}`,
        summary: `Start a ${kind} job`,
        requestBody: { required: true, content: json({ $ref: `#/components/schemas/${request}` }) },
        responses: jobStatusResponse('The job was started', started, [...h.common, 501]),
      },
    },
    [`${base}/{id}`]: {
      get: {
        operationId: `get${op}Status`,
        summary: `A ${kind} job's status and a page of its documents`,
        description:
          'Also a WebSocket: connect with the API key as the subprotocol to receive `document`, `catchup` (status) and `done` messages.',
        parameters: [idParam, skipParam],
        responses: jobStatusResponse('Status and documents', jobStatus, [401, 404]),
      },
      delete: {
        operationId: `cancel${op}`,
        summary: `Cancel a ${kind} job`,
        parameters: [idParam],
        responses: jobStatusResponse("The job's status after the cancel", cancelled, [401, 404]),
      },
    },
    [`${base}/{id}/errors`]: {
      get: {
        operationId: `get${op}Errors`,
        summary: `Failed pages and robots.txt-blocked URLs of a ${kind} job`,
        parameters: [idParam],
        responses: jobStatusResponse('Errors', jobErrors, [401, 404]),
      },
    },
  });
  return {
    ...jobRoutes('/v2/crawl', 'crawl', 'Crawl', 'CrawlRequest'),
    '/v2/crawl/active': {
      get: {
        operationId: 'getActiveCrawls',
        summary: "The caller's crawls still running",
        responses: jobStatusResponse(
          'Active crawls',
          {
            type: 'object',
            required: ['success', 'crawls'],
            properties: {
              success: { const: true },
              crawls: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'url'],
                  properties: {
                    id: { type: 'string' },
                    teamId: { type: 'string' },
                    url: { type: 'string' },
                    options: { type: 'object' },
                  },
                },
              },
            },
          },
          [401],
        ),
      },
    },
    '/v2/crawl/params-preview': {
      post: {
        operationId: 'crawlParamsPreview',
        summary: 'Crawl options derived from a prompt (needs an LLM provider; 501 without one)',
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/ParamsPreviewRequest' }) },
        responses: jobStatusResponse(
          'The options',
          {
            type: 'object',
            required: ['success', 'data'],
            properties: { success: { const: true }, data: { type: 'object' } },
          },
          [...h.common, 501, 502],
        ),
      },
    },
    ...jobRoutes('/v2/batch/scrape', 'batch scrape', 'BatchScrape', 'BatchScrapeRequest'),
    '/v2/map': {
      post: {
        operationId: 'map',
        summary: "A site's URLs from its sitemaps and links",
        requestBody: { required: true, content: json({ $ref: '#/components/schemas/MapRequest' }) },
        responses: jobStatusResponse(
          'The URLs',
          {
            type: 'object',
            required: ['success', 'links'],
            properties: {
              success: { const: true },
              id: { type: 'string' },
              creditsUsed: { type: 'number' },
              links: {
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
            },
          },
          h.common,
        ),
      },
    },
  };
}
