import { parseArgs } from 'node:util';
import type { Io } from '../io.js';

export const SERVE_HELP = `Usage: distill serve [--port N] [--host H] [--keys-file F] [--no-auth]

Serves the /v2 HTTP API (parse, search, scrape, health) of ../shared/spec/interface-spec.md.
Keys come from DISTILL_API_KEYS (comma-separated) and a keys file (--keys-file or
DISTILL_KEYS_FILE); every route but /v2/health needs "Authorization: Bearer <key>".
Search uses DISTILL_SEARXNG_URL, else DISTILL_BRAVE_API_KEY, else the local index named by
DISTILL_INDEX (built with \`distill index\`); tools come from DISTILL_CATALOGUE.
--no-auth serves without keys, on loopback only.

  --port N        port (default 3002)
  --host H        address to bind (default 127.0.0.1)
  --keys-file F   JSON or one-key-per-line file of API keys
  --no-auth       no keys (loopback only)`;

export async function serveCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      'keys-file': { type: 'string' },
      'no-auth': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(`${SERVE_HELP}\n`);
    return 0;
  }
  // The server (fastify) loads only for this command.
  const { serve } = await import('@distill/server');
  try {
    const server = await serve({
      port: values.port,
      host: values.host,
      keysFile: values['keys-file'],
      noAuth: values['no-auth'],
    });
    io.err(`distill serve: listening on ${server.url}/v2\n`);
  } catch (e) {
    io.err(`distill serve: ${(e as Error).message}\n`);
    return 1;
  }
  // Runs until SIGINT/SIGTERM, which the server handles (in-flight requests finish first).
  return new Promise<number>(() => {});
}
