import { resolve } from 'node:path';
import {
  DistillError,
  type ParseOptionsInput,
  parse,
  parseOptionsSchema,
  type ScrapeRequest,
  type SearchRequestInput,
  scrapeRequestSchema,
  searchRequestSchema,
  toDistillError,
} from 'distill';
import { z } from 'zod';

/** What the tools may do besides parsing: where search looks, and what scrape may reach. */
export interface ToolsConfig {
  /** A local index folder built by `distill index` (else DISTILL_INDEX, SearXNG or Brave from the environment). */
  index?: string;
  /** The tool catalogue JSON for the catalogue source. */
  catalogue?: string;
  /** Let scrape reach loopback and private addresses. */
  allowPrivateUrls?: boolean;
  /** Folder for the scrape cache, screenshots and browser profiles. */
  dataDir?: string;
  /** Where relative paths given to the parse tool are resolved (the client's working folder). */
  cwd?: string;
}

/**
 * The parse tool's input: a local path, read directly as the spec describes for a local client,
 * or base64 bytes with a name; and the spec's parse options, validated by the same schema as
 * `POST /v2/parse`.
 */
export const parseToolInput = z
  .object({
    path: z
      .string()
      .min(1)
      .optional()
      .describe('A local file to parse (read directly; relative to the server’s folder)'),
    data: z
      .string()
      .min(1)
      .optional()
      .describe('The file’s bytes, base64-encoded, when it is not on this machine'),
    filename: z
      .string()
      .optional()
      .describe('The file’s name (its extension helps detection) when sending data'),
    options: parseOptionsSchema
      .optional()
      .describe(
        'The spec’s parse options: formats (and distill’s chunks), parsers (pdf mode, pages, blocks, furniture, lines), …',
      ),
  })
  .strict();

type ToolResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** A catalogue error as an MCP tool error: the agent sees code, status and message. */
export function toolError(e: unknown): ToolResult {
  const err = toDistillError(e);
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.code} (${err.status}): ${err.message}` }],
    structuredContent: err.toBody() as unknown as Record<string, unknown>,
  };
}

/** The main text of a result for the agent, and the whole result as structured content. */
function textResult(data: Record<string, unknown>, text: string): ToolResult {
  return { content: [{ type: 'text', text }], structuredContent: data };
}

export async function parseTool(
  input: z.infer<typeof parseToolInput>,
  cfg: ToolsConfig,
): Promise<ToolResult> {
  try {
    if ((input.path === undefined) === (input.data === undefined))
      throw new DistillError('BAD_REQUEST', 'Bad Request: give either path or data (base64), not both');
    const options = (input.options ?? {}) as ParseOptionsInput;
    const result =
      input.path !== undefined
        ? await parse(resolve(cfg.cwd ?? process.cwd(), input.path), options)
        : await parse(
            { data: Buffer.from(input.data as string, 'base64'), filename: input.filename },
            options,
          );
    // Chunks asked alone are the text the agent gets: one JSON chunk a line.
    const text =
      result.markdown ??
      result.html ??
      result.rawHtml ??
      (result.chunks ? result.chunks.map((c) => JSON.stringify(c)).join('\n') : undefined) ??
      JSON.stringify(result.metadata);
    return textResult(
      result as unknown as Record<string, unknown>,
      text + (result.warning ? `\n\n> warning: ${result.warning}` : ''),
    );
  } catch (e) {
    return toolError(e);
  }
}

export async function searchTool(input: SearchRequestInput, cfg: ToolsConfig): Promise<ToolResult> {
  try {
    const mod = await import('@distill/search').catch(() => {
      throw new DistillError(
        'MISSING_DEPENDENCY',
        'Search needs the package @distill/search: npm i @distill/search',
      );
    });
    const provider = cfg.index ? new mod.LocalIndexProvider(cfg.index) : mod.providerFromEnv();
    if (!provider) throw new DistillError('NOT_CONFIGURED', mod.NO_SEARCH_PROVIDER);
    const res = await mod.search(input, { provider, catalogue: cfg.catalogue });
    const data = res.data as Record<
      string,
      { title?: string; url?: string; description?: string; markdown?: string }[] | undefined
    >;
    const lines: string[] = [];
    for (const kind of ['web', 'news', 'images'] as const) {
      for (const r of data[kind] ?? []) {
        lines.push(`- [${r.title ?? r.url}](${r.url})${r.description ? `: ${r.description}` : ''}`);
        if (r.markdown) lines.push('', r.markdown, '');
      }
    }
    return textResult(res as unknown as Record<string, unknown>, lines.join('\n') || 'No results.');
  } catch (e) {
    return toolError(e);
  }
}

type WebModule = typeof import('@distill/web');
let scraper: Promise<InstanceType<WebModule['Scraper']>> | undefined;

export async function scrapeTool(input: ScrapeRequest, cfg: ToolsConfig): Promise<ToolResult> {
  try {
    scraper ??= import('@distill/web').then(
      ({ Scraper }) =>
        new Scraper({
          allowPrivateUrls: cfg.allowPrivateUrls ?? process.env.DISTILL_ALLOW_PRIVATE_URLS === '1',
          ...(cfg.dataDir ? { dataDir: cfg.dataDir } : {}),
        }),
      () => {
        throw new DistillError(
          'MISSING_DEPENDENCY',
          'Scrape needs the package @distill/web: npm i @distill/web',
        );
      },
    );
    const s = await scraper.catch((e) => {
      scraper = undefined;
      throw e;
    });
    const { url, zeroDataRetention, origin: _o, integration: _i, ...options } = input;
    const doc = (await s.scrape(url, options, { zeroDataRetention })) as unknown as Record<string, unknown>;
    const text = (doc.markdown ?? doc.html ?? doc.rawHtml ?? JSON.stringify(doc.metadata)) as string;
    return textResult(doc, text);
  } catch (e) {
    return toolError(e);
  }
}

/** Closes the browser the scrape tool may have started. */
export async function closeTools(): Promise<void> {
  const s = scraper;
  scraper = undefined;
  if (s) await (await s.catch(() => undefined))?.close();
}

export { scrapeRequestSchema, searchRequestSchema };
