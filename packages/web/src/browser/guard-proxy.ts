import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import { DistillError } from '@distill/core';
import { guardedLookup } from '../safety/url-guard.js';

/** What one browser context may reach: every request and redirect hop passes `check`. */
export interface RequestGuard {
  check(url: URL): Promise<void>;
  /** Connect-time refusal of private addresses (DNS rebinding) unless private URLs are allowed. */
  allowPrivate: boolean;
}

export interface GuardRegistration {
  proxy: { server: string; username: string; password: string };
  /** Refusals seen for this context, newest last. */
  refusals: DistillError[];
  release(): void;
}

/** Marks a refusal answered to the browser, so the page's main response can be recognised. */
export const REFUSED_HEADER = 'x-distill-refused';

interface Entry {
  guard: RequestGuard;
  refusals: DistillError[];
}

const asError = (e: unknown) =>
  e instanceof DistillError
    ? e
    : new DistillError('BAD_GATEWAY', `Bad Gateway: ${(e as Error).message ?? e}`);

/**
 * A loopback forward proxy the browser's guarded contexts go through. Playwright's request
 * routing does not see redirect hops, and the browser resolves names itself; here every
 * connection (redirects, subresources, HTTPS tunnels) is checked and connected to the address
 * that was checked.
 */
export class GuardProxy {
  private server?: Promise<{ server: Server; port: number }>;
  private readonly entries = new Map<string, Entry>();
  private readonly sockets = new Set<Socket>();

  private start() {
    this.server ??= new Promise((resolve, reject) => {
      const server = createServer((req, res) => void this.onRequest(req, res));
      server.on('connect', (req, socket: Socket, head) => void this.onConnect(req, socket, head));
      server.on('connection', (s) => {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
      });
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const addr = server.address();
        resolve({ server, port: typeof addr === 'object' && addr ? addr.port : 0 });
      });
    });
    return this.server;
  }

  async register(guard: RequestGuard): Promise<GuardRegistration> {
    const { port } = await this.start();
    const id = randomUUID();
    const entry: Entry = { guard, refusals: [] };
    this.entries.set(id, entry);
    return {
      proxy: { server: `http://127.0.0.1:${port}`, username: id, password: 'x' },
      refusals: entry.refusals,
      release: () => this.entries.delete(id),
    };
  }

  private entryOf(req: IncomingMessage): Entry | undefined {
    const auth = req.headers['proxy-authorization'];
    const m = /^Basic\s+(.+)$/i.exec(auth ?? '');
    if (!m) return undefined;
    const user = Buffer.from(m[1], 'base64').toString().split(':')[0];
    return this.entries.get(user);
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse) {
    const entry = this.entryOf(req);
    if (!entry) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="distill"', 'content-length': '0' });
      res.end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      await entry.guard.check(target);
    } catch (e) {
      const err = asError(e);
      entry.refusals.push(err);
      res.writeHead(403, { 'content-type': 'text/plain', [REFUSED_HEADER]: '1' });
      res.end(err.message);
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        host: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
        ...(entry.guard.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.rawHeaders);
        up.pipe(res);
      },
    );
    upstream.on('error', (e) => {
      const de = (e as unknown) instanceof DistillError ? (e as unknown as DistillError) : undefined;
      if (de) entry.refusals.push(de);
      if (!res.headersSent) {
        res.writeHead(de ? 403 : 502, de ? { [REFUSED_HEADER]: '1' } : {});
      }
      res.end();
    });
    req.pipe(upstream);
  }

  private async onConnect(req: IncomingMessage, socket: Socket, head: Buffer) {
    socket.on('error', () => undefined);
    const entry = this.entryOf(req);
    if (!entry) {
      socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="distill"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    let target: URL;
    try {
      target = new URL(`https://${req.url}`);
      await entry.guard.check(target);
    } catch (e) {
      entry.refusals.push(asError(e));
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(target.port || 443),
      ...(entry.guard.allowPrivate ? {} : { lookup: guardedLookup as never }),
    });
    upstream.on('connect', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', (e) => {
      if ((e as unknown) instanceof DistillError) entry.refusals.push(e as unknown as DistillError);
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    });
    socket.on('close', () => upstream.destroy());
  }

  async close(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    const { server } = await s;
    for (const sock of this.sockets) sock.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  }
}
