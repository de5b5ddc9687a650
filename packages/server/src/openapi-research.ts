import { jobStatusResponse } from './openapi-responses.js';

/** The research paper routes of the OpenAPI document (`routes/research.ts`). */

type Schema = Record<string, unknown>;

const paper = { $ref: '#/components/schemas/Paper' };
const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A paperId, or pmid:/pmcid:/doi:/arxiv: id, a bare arXiv id, an arXiv or doi.org URL',
  schema: { type: 'string' },
};
const charged = { id: { type: 'string' }, creditsUsed: { type: 'integer' } };

/** The client's `PaperMetadata`. */
const paperMetadata: Schema = {
  type: 'object',
  required: ['paperId', 'title', 'abstract'],
  properties: {
    paperId: { type: 'string' },
    ids: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    title: { type: 'string' },
    abstract: { type: 'string' },
    authors: { type: 'string', description: 'Comma-joined' },
    createdDate: { type: 'string' },
  },
};

/** The client's `PaperSignals`, on similarity results. */
const signals: Schema = {
  type: 'object',
  required: ['structural', 'semantic', 'articleRank', 'seedOverlap'],
  properties: {
    structural: { type: 'number' },
    semantic: { type: 'number' },
    articleRank: { type: 'number' },
    seedOverlap: { type: 'number' },
  },
};

export function researchPaths(h: { common: number[] }): Record<string, unknown> {
  return {
    '/v2/search/research/papers': {
      get: {
        operationId: 'searchPapers',
        summary: 'Search the research papers of the index',
        parameters: [
          { name: 'query', in: 'query', required: true, schema: { type: 'string', maxLength: 500 } },
          { name: 'k', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 40 } },
          { name: 'authors', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          { name: 'from', in: 'query', schema: { type: 'string', format: 'date' } },
          { name: 'to', in: 'query', schema: { type: 'string', format: 'date' } },
        ],
        responses: jobStatusResponse(
          'Papers, best first',
          {
            type: 'object',
            required: ['success', 'results'],
            properties: { success: { const: true }, results: { type: 'array', items: paper }, ...charged },
          },
          [...h.common, 501],
        ),
      },
    },
    '/v2/search/research/papers/{id}': {
      get: {
        operationId: 'getPaper',
        summary: "One paper's metadata, or with query its in-body passages that best answer it",
        parameters: [
          idParam,
          { name: 'query', in: 'query', schema: { type: 'string', maxLength: 500 } },
          { name: 'k', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 4 } },
        ],
        responses: jobStatusResponse(
          'The paper (and passages in read mode)',
          {
            type: 'object',
            required: ['success', 'paper'],
            properties: {
              success: { const: true },
              paper: paperMetadata,
              paperId: { type: 'string' },
              query: { type: 'string' },
              passages: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['text', 'score'],
                  properties: { text: { type: 'string' }, score: { type: 'number' } },
                },
              },
              ...charged,
            },
          },
          [...h.common, 404, 501],
        ),
      },
    },
    '/v2/search/research/papers/{id}/similar': {
      get: {
        operationId: 'similarPapers',
        summary: "Papers related to the seed through the index's citation graph",
        parameters: [
          idParam,
          { name: 'intent', in: 'query', required: true, schema: { type: 'string', maxLength: 500 } },
          {
            name: 'mode',
            in: 'query',
            schema: { type: 'string', enum: ['similar', 'citers', 'references'], default: 'similar' },
          },
          { name: 'k', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 40 } },
          { name: 'rerank', in: 'query', schema: { type: 'boolean' } },
          { name: 'anchor', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: jobStatusResponse(
          'Related papers, best first',
          {
            type: 'object',
            required: ['success', 'results', 'poolSize', 'truncated'],
            properties: {
              success: { const: true },
              results: {
                type: 'array',
                items: {
                  allOf: [paper, { type: 'object', required: ['signals'], properties: { signals } }],
                },
              },
              poolSize: { type: 'integer' },
              truncated: { type: 'boolean' },
              note: { type: ['string', 'null'] },
              ...charged,
            },
          },
          [...h.common, 404, 501],
        ),
      },
    },
  };
}
