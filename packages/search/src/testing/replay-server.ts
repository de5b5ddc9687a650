import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

export const REPLAY_DIR = resolve(process.cwd(), 'fixtures/search/replay');

export interface Recorded {
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface Route {
  status?: number;
  /** A fixture file name in fixtures/search/replay, or a body to send as JSON. */
  body?: string | unknown;
  headers?: Record<string, string>;
  /** Milliseconds before answering. */
  delay?: number;
}

/**
 * A loopback HTTP server that answers each request with the route `route(path, params)` picks,
 * replaying documented provider responses, and records what it was asked.
 */
export async function replayServer(
  route: (path: string, params: URLSearchParams) => Route,
): Promise<{ url: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: u.pathname, params: u.searchParams, headers: req.headers });
    const r = route(u.pathname, u.searchParams);
    const body =
      typeof r.body === 'string' && r.body.endsWith('.json')
        ? readFileSync(resolve(REPLAY_DIR, r.body), 'utf8')
        : JSON.stringify(r.body ?? {});
    const send = () => {
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers });
      res.end(body);
    };
    if (r.delay) setTimeout(send, r.delay).unref();
    else send();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
