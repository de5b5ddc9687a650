import { createReadStream } from 'node:fs';
import { DistillError } from '@distill/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';

/**
 * `GET /v2/artifacts/<name>`: a screenshot or PDF that `/v2/scrape` produced, or an image a
 * parse wrote as a file (`images` format). No bearer key is
 * asked (the unguessable name is the capability, as with a signed URL), so a client can hand
 * the URL on; unknown and expired names are 404.
 */
export async function artifactRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get<{ Params: { name: string } }>('/v2/artifacts/:name', async (req, reply) => {
    const found = await ctx.artifacts?.get(req.params.name);
    if (!found) throw new DistillError('NOT_FOUND', 'Not Found: no such artifact, or it has expired');
    reply
      .header('content-type', found.mime)
      .header('content-length', String(found.size))
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      // An SVG from a document could carry script: it is shown as an image, never run here.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(createReadStream(found.path));
  });
}
