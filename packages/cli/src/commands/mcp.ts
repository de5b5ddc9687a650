import { parseArgs } from 'node:util';
import type { Io } from '../io.js';
import { loadOptional } from '../optional.js';

export const MCP_HELP = `Usage: distill mcp [--http] [--port N] [--host H] [--index DIR] [--catalogue FILE] [--allow-private-urls]

A Model Context Protocol server with three tools: parse (a local path, read directly, or
base64 bytes; the spec's parse options), search and scrape (the spec's requests). Over
stdin/stdout by default, for an agent that starts it; with --http, over streamable HTTP at
http://HOST:PORT/mcp (loopback by default: the endpoint has no keys of its own).

  --http                serve streamable HTTP instead of stdio
  --port N              HTTP port (default 3003)
  --host H              HTTP address to bind (default 127.0.0.1)
  --index DIR           local index for search, built with \`distill index\` (else DISTILL_INDEX,
                        DISTILL_SEARXNG_URL or DISTILL_BRAVE_API_KEY)
  --catalogue FILE      tool catalogue JSON for the catalogue source (DISTILL_CATALOGUE)
  --allow-private-urls  let scrape reach loopback and private addresses
  --data-dir DIR        scrape cache, screenshots and browser profiles

Example client configuration: {"command": "npx", "args": ["distill", "mcp"]}`;

export async function mcpCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      http: { type: 'boolean' },
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      index: { type: 'string' },
      catalogue: { type: 'string' },
      'allow-private-urls': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(`${MCP_HELP}\n`);
    return 0;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    io.err(`distill mcp: --port takes a whole number 0..65535, got ${values.port}\n`);
    return 2;
  }
  const mcp = await loadOptional(() => import('@distill/mcp'), '@distill/mcp', 'distill mcp');
  const cfg = {
    index: values.index ?? (process.env.DISTILL_INDEX || undefined),
    catalogue: values.catalogue ?? (process.env.DISTILL_CATALOGUE || undefined),
    allowPrivateUrls: values['allow-private-urls'] === true ? true : undefined,
    dataDir: values['data-dir'],
  };
  if (!values.http) {
    // stdout carries the protocol: nothing else may be written there.
    await mcp.runStdio(cfg);
    return 0;
  }
  const served = await mcp.runHttp({ ...cfg, port, host: values.host });
  io.err(`distill mcp: listening on ${served.url}\n`);
  await new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  await served.close();
  return 0;
}
