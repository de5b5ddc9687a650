import {
  DistillError,
  emitResult,
  type ParseOptions,
  type ParseOptionsInput,
  parseOptionsSchema,
  parseToDoc,
  validate,
} from '@distill/core';
import { inspectorData, inspectParseOptions, renderInspector } from '@distill/inspect';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { badMultipart, checkUploadHeaders, readUpload } from '../http/multipart.js';
import { priceUsage } from '../limits/credits.js';
import { charge, enterJob } from './job.js';
import { UI_CSP, uiPage } from './ui-page.js';

/**
 * Page images the server draws for one inspector (on the event loop, one page at a time);
 * pages past it are shown with their boxes on blank sheets. The CLI has no such bound.
 */
export const UI_IMAGE_PAGES = 100;

/** `GET /` (the page itself holds no data): let through without a key, as health is. */
export const isUiShell = (req: FastifyRequest): boolean =>
  req.method === 'GET' && (req.url === '/' || req.url.startsWith('/?'));

function optionsOf(text: string | undefined): ParseOptions {
  let value: unknown = {};
  if (text !== undefined && text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw badMultipart(`the "options" part is not valid JSON (${(e as Error).message})`);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw badMultipart('the "options" part must be a JSON object');
  // The caller's options validated as given, then what the inspector needs added.
  validate(parseOptionsSchema, value, 'parse options');
  return validate(parseOptionsSchema, inspectParseOptions(value as ParseOptionsInput), 'parse options');
}

/**
 * The inspector in `distill serve`: `GET /` is the page with a drop zone, and
 * `POST /ui/inspect` takes what `POST /v2/parse` takes (multipart `file` and `options`) and
 * answers with the inspector's HTML for the result, under the same key, limits and credits.
 */
export async function uiRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  const limits = { maxFileBytes: ctx.config.maxFileBytes, maxOptionsBytes: ctx.config.maxJsonBytes };

  app.get('/', async (_req, reply) => {
    reply
      .header('content-security-policy', UI_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');
    return uiPage(ctx.config.noAuth);
  });

  app.post('/ui/inspect', async (req, reply) => {
    const st = req.distill;
    checkUploadHeaders(req.raw, limits);
    const slot = await enterJob(ctx, req);
    try {
      const timeout = new AbortController();
      const timer = setTimeout(
        () => timeout.abort(new DistillError('REQUEST_TIMEOUT', 'Request Timeout: the upload was too slow')),
        ctx.config.uploadTimeoutMs,
      );
      let upload: Awaited<ReturnType<typeof readUpload>>;
      try {
        upload = await readUpload(req.raw, limits, AbortSignal.any([st.controller.signal, timeout.signal]));
      } finally {
        clearTimeout(timer);
      }
      const options = optionsOf(upload.optionsText);
      st.zeroDataRetention = options.zeroDataRetention;
      const input = { bytes: upload.bytes, filename: upload.filename, contentType: upload.contentType };
      const { data, format } = ctx.parsePool
        ? await ctx.parsePool.parse(
            { ...input, options, maxBytes: ctx.config.maxFileBytes },
            st.controller.signal,
          )
        : await (async () => {
            const parsed = await parseToDoc(
              { data: input.bytes, filename: input.filename, contentType: input.contentType },
              options,
              { signal: st.controller.signal, maxBytes: ctx.config.maxFileBytes, registry: ctx.registry },
            );
            return { data: emitResult(parsed), format: parsed.format };
          })();
      const view = await inspectorData(
        data,
        { file: upload.filename ?? 'upload', format, options, bytes: upload.bytes },
        { maxImagePages: UI_IMAGE_PAGES, signal: st.controller.signal },
      );
      charge(ctx, req, priceUsage({ pagesParsed: Math.max(1, data.metadata.numPages ?? 1) }));
      reply
        .header('content-security-policy', UI_CSP)
        .header('x-distill-blocks', String(view.blocks.length))
        .type('text/html; charset=utf-8');
      return renderInspector(view);
    } finally {
      slot.release();
    }
  });
}
