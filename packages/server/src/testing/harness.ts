import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { ServerConfig } from '../config.js';
import { createServer, type DistillServer } from '../server.js';

/** Test helpers: a real server on a loopback port, and raw HTTP to talk to it. */
export interface Running {
  server: DistillServer;
  url: string;
  port: number;
  logs: string[];
  close(): Promise<void>;
}

export const KEY = 'test-key-0123456789abcdef';

/** Starts a server on an ephemeral loopback port, capturing its log lines. */
export async function startServer(config: ServerConfig = {}): Promise<Running> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const server = createServer({
    apiKeys: [KEY],
    logger: { level: 'info', stream },
    ...config,
    port: 0,
    host: config.host ?? '127.0.0.1',
  });
  const { url, port } = await server.start();
  return { server, url, port, logs, close: () => server.close() };
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: string | Uint8Array;
}

export const BOUNDARY = '----distill-test-boundary-7MA4YWxkTrZu0gW';

/** Builds a multipart/form-data body byte by byte, so tests can also build broken ones. */
export function multipart(parts: Part[], boundary = BOUNDARY): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown>;
  text: string;
}

/** POSTs a body with node:http (so Content-Length and chunking are under the test's control). */
export function post(
  url: string,
  path: string,
  body: Buffer | string,
  headers: Record<string, string> = {},
  opts: { chunked?: boolean } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (!opts.chunked) req.setHeader('content-length', Buffer.byteLength(body));
    req.end(body);
  });
}

/** A parse request with the test key. */
export function postParse(url: string, parts: Part[], headers: Record<string, string> = {}): Promise<Reply> {
  const { body, contentType } = multipart(parts);
  return post(url, '/v2/parse', body, {
    authorization: `Bearer ${KEY}`,
    'content-type': contentType,
    ...headers,
  });
}

export function postJson(
  url: string,
  path: string,
  value: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return post(url, path, JSON.stringify(value), {
    authorization: `Bearer ${KEY}`,
    'content-type': 'application/json',
    ...headers,
  });
}

/** A raw TCP connection and everything the server wrote on it until it closed. */
export function rawConnection(port: number): { socket: Socket; received: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  const received = new Promise<string>((resolve) => {
    socket.on('data', (c) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', () => {});
  });
  return { socket, received };
}

/** Status and JSON body of a raw HTTP/1.1 response. */
export function parseRawResponse(raw: string): { status: number; json: Record<string, unknown> } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const bodyStart = raw.indexOf('\r\n\r\n');
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(raw.slice(bodyStart + 4));
  } catch {}
  return { status, json };
}

export const csv = 'name,qty\napple,3\npear,5\n';

/** A small valid PDF with one line of text per page, built in memory (byte offsets computed). */
export function makePdf(pages: string[]): Buffer {
  const objects: string[] = [];
  const n = pages.length;
  const pageIds = pages.map((_, i) => 3 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${n} >>`;
  const fontId = 3 + n * 2;
  pages.forEach((text, i) => {
    const id = pageIds[i];
    const stream = `BT /F1 24 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${id + 1} 0 R ` +
      `/Resources << /Font << /F1 ${fontId} 0 R >> >> >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
