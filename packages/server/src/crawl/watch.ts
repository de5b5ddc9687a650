import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { bearerToken } from '../auth/keys.js';
import type { ServerContext } from '../context.js';
import type { CrawlEngine } from './engine.js';

/** How often a watcher looks for new pages: the store is polled, so any engine works alike. */
export const WATCH_POLL_MS = 500;

const PATH = /^\/v2\/(crawl|batch\/scrape)\/([0-9a-f-]{36})\/?(?:\?.*)?$/;

/**
 * The official client's job watcher: a WebSocket at `/v2/crawl/{id}` (or
 * `/v2/batch/scrape/{id}`) whose subprotocol is the API key. It receives each stored page as a
 * `document` message, status snapshots as they change, then `done` (or `error`) and a close.
 */
export function watchRoutes(app: FastifyInstance, ctx: ServerContext, engine: CrawlEngine): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Set<WebSocket>();
  app.addHook('onClose', async () => {
    for (const s of sockets) s.close(1001, 'server shutting down');
    wss.close();
  });

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets the connection while it is refused must not be an uncaught 'error'
    // event (which would end the process).
    socket.on('error', () => socket.destroy());
    const m = PATH.exec(req.url ?? '');
    if (!m) return refuse(socket, 404, 'Not Found');
    if (ctx.drain.closing) return refuse(socket, 503, 'Service Unavailable');
    const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    let owner: string | undefined;
    if (ctx.config.noAuth) owner = ctx.anonymous.id;
    else {
      const token = bearerToken(req.headers.authorization) ?? protocols[0];
      owner = token ? ctx.keys.find(token)?.id : undefined;
    }
    if (!owner) return refuse(socket, 401, 'Unauthorized');
    const id = m[2];
    const who = owner;
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // A bad frame from the client ends its watch, not the server.
      ws.on('error', () => ws.terminate());
      void follow(ws, engine, id, who).finally(() => sockets.delete(ws));
    });
  });
}

async function follow(ws: WebSocket, engine: CrawlEngine, id: string, owner: string): Promise<void> {
  const send = (msg: unknown) =>
    new Promise<void>((r) => (ws.readyState === ws.OPEN ? ws.send(JSON.stringify(msg), () => r()) : r()));
  let sent = 0;
  let lastSnapshot = '';
  try {
    while (ws.readyState === ws.OPEN) {
      const page = await engine.status(id, owner, sent);
      for (const doc of page.data) await send({ type: 'document', data: doc });
      sent += page.data.length;
      const { meta } = page;
      const snapshot = {
        status: meta.status,
        total: page.total,
        completed: meta.completed,
        creditsUsed: meta.creditsUsed,
        expiresAt: new Date(meta.expiresAt).toISOString(),
        limitsReached: meta.limitsReached,
      };
      if (page.nextSkip !== undefined) continue;
      if (meta.status !== 'scraping') {
        if (meta.status === 'completed') await send({ type: 'done', data: { ...snapshot, data: [] } });
        else await send({ type: 'catchup', data: { ...snapshot, data: [] } });
        break;
      }
      const key = JSON.stringify(snapshot);
      if (key !== lastSnapshot) {
        // The client treats a bare snapshot with a status as progress.
        await send({ type: 'catchup', data: { ...snapshot, data: [] } });
        lastSnapshot = key;
      }
      await new Promise((r) => setTimeout(r, WATCH_POLL_MS));
    }
  } catch (e) {
    await send({ type: 'error', error: (e as Error).message });
  }
  if (ws.readyState === ws.OPEN) ws.close(1000, 'done');
}
