import { timingSafeEqual } from 'node:crypto';
import { DistillError } from '@distill/core';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerContext } from './context.js';

/**
 * Prometheus metrics of one server, in a registry of its own (two servers in one process never
 * mix their counts): requests by route and status with their latency, jobs running and
 * waiting, pages parsed by format and PDF mode, errors by catalogue code, credits charged.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'distill_http_requests_total',
    help: 'Requests answered, by route and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'distill_http_request_duration_seconds',
    help: 'Time to answer a request, by route',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  readonly errors = new Counter({
    name: 'distill_errors_total',
    help: 'Error responses, by catalogue code',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly pages = new Counter({
    name: 'distill_pages_parsed_total',
    help: 'Pages parsed (documents that are not PDFs count 1), by format and PDF mode',
    labelNames: ['format', 'mode'] as const,
    registers: [this.registry],
  });
  readonly credits = new Counter({
    name: 'distill_credits_charged_total',
    help: 'Credits charged to callers',
    registers: [this.registry],
  });

  constructor(stats: () => { running: number; waiting: number }) {
    new Gauge({
      name: 'distill_jobs_running',
      help: 'Jobs running now (parse, search, scrape)',
      registers: [this.registry],
      collect() {
        this.set(stats().running);
      },
    });
    new Gauge({
      name: 'distill_jobs_waiting',
      help: 'Jobs waiting for a slot now',
      registers: [this.registry],
      collect() {
        this.set(stats().waiting);
      },
    });
  }
}

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * `GET /metrics` in Prometheus' text format. With a metrics key it asks for
 * `Authorization: Bearer <metrics key>` (scrapers are not API callers); without one, only
 * a server bound to loopback serves it.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  key: string | undefined,
): Promise<void> {
  app.get('/metrics', async (req, reply) => {
    const metrics = ctx.metrics;
    if (!metrics) throw new DistillError('NOT_FOUND', 'Not Found: metrics are off (start with --metrics)');
    if (key !== undefined) {
      const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
      if (!sameKey(given, key)) throw new DistillError('UNAUTHORIZED');
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
