import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  closeTools,
  parseTool,
  parseToolInput,
  scrapeRequestSchema,
  scrapeTool,
  searchRequestSchema,
  searchTool,
  type ToolsConfig,
} from './tools.js';

const version = (): string =>
  (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/**
 * An MCP server with three tools, `parse`, `search` and `scrape`, whose inputs are the same
 * zod schemas the HTTP API validates with, so an agent sees the spec's options.
 */
export function createMcpServer(cfg: ToolsConfig = {}): McpServer {
  const server = new McpServer({ name: 'distill', version: version() });
  server.registerTool(
    'parse',
    {
      title: 'Parse a document',
      description:
        'Converts a document (pdf, docx, doc, xlsx, xls, pptx, ppt, odt, ods, odp, rtf, epub, csv, html) to Markdown. Give a local `path`, or base64 `data` with a `filename`; `options` are the spec’s parse options.',
      inputSchema: parseToolInput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input) => parseTool(input, cfg),
  );
  server.registerTool(
    'search',
    {
      title: 'Search',
      description:
        'Searches the configured provider (a local index built with `distill index`, SearXNG or Brave) with the spec’s search request; `scrapeOptions.formats` also scrapes each result.',
      // The object inside the refinement: clients get its JSON schema, and search() applies the
      // cross-field checks when it validates the request again.
      inputSchema: searchRequestSchema.innerType(),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input) => searchTool(input, cfg),
  );
  server.registerTool(
    'scrape',
    {
      title: 'Scrape a web page',
      description:
        'Fetches a URL (with a real browser when the page needs one) and returns its main content as Markdown; documents by URL are parsed. Takes the spec’s scrape options.',
      inputSchema: scrapeRequestSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input) => scrapeTool(input, cfg),
  );
  return server;
}

export { closeTools };
