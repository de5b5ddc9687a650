import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { openApiDocument } from '../openapi.js';
import type { ServiceStatus } from '../services.js';

const absent: ServiceStatus = { live: false, provider: null };

/**
 * `GET /v2/health`: no key needed; 200 while serving (503 once shutdown began, from the hook).
 * Says which operations answer and with which backend, so an operator sees at once that search
 * has no provider rather than learning it from a failed request.
 */
export async function healthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/v2/health', async (req) => {
    const { search, scrape } = ctx.services;
    return {
      success: true,
      status: 'ok',
      id: req.distill.id,
      operations: {
        parse: { live: true, formats: ctx.registry.formats() },
        search: search ? (search.status?.() ?? { live: true }) : absent,
        scrape: scrape ? (scrape.status?.() ?? { live: true }) : absent,
      },
      // Where credits and rate limits live: "memory" means a restart resets them.
      state: { store: ctx.state.kind },
    };
  });
}

let openapi: string | undefined;

/** `GET /v2/openapi.json`: the API's OpenAPI 3.1 description, built once from the zod schemas. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v2/openapi.json', async (_req, reply) => {
    openapi ??= JSON.stringify(
      openApiDocument((createRequire(import.meta.url)('../package.json') as { version: string }).version),
    );
    return reply.header('content-type', 'application/json; charset=utf-8').send(openapi);
  });
}
