import {
  DistillError,
  emitResult,
  type ImageFilesInput,
  type ParseOptions,
  parseOptionsSchema,
  parseToDoc,
  validateMemo,
} from '@distill/core';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { specMetadata } from '../http/metadata.js';
import { badMultipart, checkUploadHeaders, readUpload } from '../http/multipart.js';
import { priceUsage } from '../limits/credits.js';
import { upFrontPages } from '../parse-cost.js';
import type { Usage } from '../services.js';
import { admit, charge, enterJob } from './job.js';

function parseOptionsPart(text: string | undefined): ParseOptions {
  // Clients send the same options part with every file: validateMemo validates each text once.
  if (text === undefined || text.trim() === '') return validateMemo(parseOptionsSchema, {}, 'parse options');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw badMultipart(`the "options" part is not valid JSON (${(e as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badMultipart('the "options" part must be a JSON object');
  }
  return validateMemo(parseOptionsSchema, value, 'parse options');
}

async function parseHere(
  ctx: ServerContext,
  upload: { bytes: Uint8Array; filename?: string; contentType?: string },
  options: ParseOptions,
  signal: AbortSignal,
  admitPages: ((pages: number) => Promise<void>) | undefined,
  imageFiles: ImageFilesInput | undefined,
): Promise<{ data: ReturnType<typeof emitResult>; format: string }> {
  const pages = admitPages ? await upFrontPages(upload, options) : undefined;
  if (pages !== undefined) await admitPages?.(pages);
  const parsed = await parseToDoc(
    { data: upload.bytes, filename: upload.filename, contentType: upload.contentType },
    options,
    {
      signal,
      maxBytes: ctx.config.maxFileBytes,
      registry: ctx.registry,
      ...(imageFiles ? { imageFiles } : {}),
    },
  );
  return { data: emitResult(parsed), format: parsed.format };
}

/**
 * The `images` format of a parse: the document's embedded images are written to the artifact
 * folder and listed (and linked from the Markdown) by their `/v2/artifacts/` URLs, which expire
 * with the screenshots. Under zeroDataRetention nothing is stored: images keep the names they
 * have inside the document, and a warning says so.
 */
function imagesAsArtifacts(
  ctx: ServerContext,
  options: ParseOptions,
): { files?: { dir: string; linkPrefix: string; salt: string }; warning?: string } {
  if (!options.formats.some((f) => f.type === 'images') || !ctx.artifacts) return {};
  if (options.zeroDataRetention)
    return {
      warning:
        'zeroDataRetention: embedded images were not stored, so images lists their names inside the document, not URLs.',
    };
  return { files: ctx.artifacts.imageFiles() };
}

/** `POST /v2/parse`: multipart `file` + `options`, answered with the spec's parse response. */
export async function parseRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // The body is streamed by the handler, after a concurrency slot is held, so fastify must not
  // read it: every content type passes through untouched and the handler checks it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

  const limits = { maxFileBytes: ctx.config.maxFileBytes, maxOptionsBytes: ctx.config.maxJsonBytes };

  app.post('/v2/parse', async (req) => {
    const st = req.distill;
    // Wrong type or a declared size over the limit are refused before queuing or reading.
    checkUploadHeaders(req.raw, limits);
    const slot = await enterJob(ctx, req);
    try {
      const uploadTimeout = new AbortController();
      const timer = setTimeout(
        () =>
          uploadTimeout.abort(
            new DistillError(
              'REQUEST_TIMEOUT',
              `Request Timeout: the upload was not received within ${ctx.config.uploadTimeoutMs} ms`,
            ),
          ),
        ctx.config.uploadTimeoutMs,
      );
      let upload: Awaited<ReturnType<typeof readUpload>>;
      try {
        upload = await readUpload(
          req.raw,
          limits,
          AbortSignal.any([st.controller.signal, uploadTimeout.signal]),
        );
      } finally {
        clearTimeout(timer);
      }
      const options = parseOptionsPart(upload.optionsText);
      st.zeroDataRetention = options.zeroDataRetention;
      st.logFields.bytes = upload.bytes.length;
      const images = imagesAsArtifacts(ctx, options);

      // A PDF's pages are counted from its page tree before it is parsed, and the request's
      // hold raised to that many credits: a key that cannot pay gets 402 before any parse work.
      // Keys without a budget skip the count (nothing to refuse).
      const metered = st.hold?.budget !== undefined;
      const admitPages = metered
        ? (pages: number) => admit(ctx, req, priceUsage({ pagesParsed: pages }))
        : undefined;
      // In a worker thread with a heap cap when the server isolates parsing: a document that
      // would exhaust memory fails alone, the event loop keeps answering.
      const { data, format } = ctx.parsePool
        ? await ctx.parsePool.parse(
            {
              bytes: upload.bytes,
              filename: upload.filename,
              contentType: upload.contentType,
              options,
              maxBytes: ctx.config.maxFileBytes,
              ...(images.files ? { imageFiles: images.files } : {}),
            },
            st.controller.signal,
            admitPages,
          )
        : await parseHere(ctx, upload, options, st.controller.signal, admitPages, images.files);
      if (images.warning) data.warning = data.warning ? `${data.warning}\n${images.warning}` : images.warning;
      st.logFields.format = format;

      const usage: Usage = {};
      if (format === 'pdf' && !options.parsers.some((p) => p.type === 'pdf')) usage.rawPdfs = 1;
      else if (format === 'pdf') usage.pagesParsed = Math.max(1, data.metadata.numPages ?? 1);
      else usage.pagesParsed = 1;
      ctx.metrics?.pages.inc(
        {
          format,
          mode: format === 'pdf' ? (options.parsers.find((p) => p.type === 'pdf')?.mode ?? 'none') : '',
        },
        usage.pagesParsed ?? 1,
      );
      const creditsUsed = priceUsage(usage);
      await charge(ctx, req, creditsUsed);
      data.metadata = specMetadata({ ...data.metadata, ...slot.queue });
      return { success: true, data, id: st.id, creditsUsed };
    } finally {
      slot.release();
    }
  });
}
