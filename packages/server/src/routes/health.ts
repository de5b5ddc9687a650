import type { FastifyInstance } from 'fastify';

/** `GET /v2/health`: no key needed; 200 while serving (503 once shutdown began, from the hook). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v2/health', async (req) => ({ success: true, status: 'ok', id: req.distill.id }));
}
