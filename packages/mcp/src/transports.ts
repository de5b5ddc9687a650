import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { closeTools, createMcpServer } from './server.js';
import type { ToolsConfig } from './tools.js';

/** Serves MCP on stdin/stdout until the client closes them. */
export async function runStdio(cfg: ToolsConfig = {}): Promise<void> {
  const server = createMcpServer(cfg);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
  });
  await server.connect(transport);
  process.stdin.once('end', () => void server.close());
  await closed;
  await closeTools();
}

export interface HttpOptions extends ToolsConfig {
  port?: number;
  /** Interface to bind; loopback by default (the endpoint has no authentication of its own). */
  host?: string;
}

/** Reads a JSON body of at most 4 MB. */
async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 4 << 20) throw new Error('body too large');
    chunks.push(c as Buffer);
  }
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

/**
 * Serves MCP over streamable HTTP at `/mcp`, one session per client (the `mcp-session-id`
 * header), as the SDK's transport defines it.
 */
export async function runHttp(
  opts: HttpOptions = {},
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (req, res) => {
    try {
      if (!req.url?.startsWith('/mcp')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":"Not Found: the MCP endpoint is /mcp"}');
        return;
      }
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      const body = req.method === 'POST' ? await jsonBody(req) : undefined;
      if (!transport) {
        if (req.method !== 'POST') {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"error":"Bad Request: no session"}');
          return;
        }
        const t = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => {
            sessions.set(sid, t);
          },
        });
        t.onclose = () => {
          if (t.sessionId) sessions.delete(t.sessionId);
        };
        await createMcpServer(opts).connect(t);
        transport = t;
      }
      await transport.handleRequest(req, res, body);
    } catch (e) {
      if (!res.headersSent)
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: `Bad Request: ${(e as Error).message}` }));
    }
  });
  await new Promise<void>((done) => http.listen(opts.port ?? 3003, opts.host ?? '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  const host = (opts.host ?? '127.0.0.1').includes(':') ? `[${opts.host}]` : (opts.host ?? '127.0.0.1');
  return {
    url: `http://${host}:${port}/mcp`,
    server: http,
    async close() {
      for (const t of sessions.values()) await t.close();
      await new Promise<void>((done) => http.close(() => done()));
      await closeTools();
    },
  };
}
