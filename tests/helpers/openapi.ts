import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020.js';

// Checks what a spawned `distill serve` answers against the OpenAPI document it publishes at
// /v2/openapi.json: the status must be documented for the operation and a JSON body must match
// that status' schema. `ApiDocument.check` does one response; `validatingProxy` sits between a
// client (the official firecrawl client, firecrawl-mcp) and the server and checks every one.

export interface Checked {
  method: string;
  path: string;
  status: number;
}

const pointer = (...parts: string[]) =>
  `api#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** `/v2/artifacts/{name}` as a pattern for concrete paths. */
const templateRe = (t: string) =>
  new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

export class ApiDocument {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly paths: { template: string; re: RegExp }[];
  /** Every response checked so far, to show a test exercised what it meant to. */
  readonly checked: Checked[] = [];

  constructor(readonly doc: Record<string, unknown>) {
    this.ajv.addSchema(doc, 'api');
    // Concrete paths before templated ones, as OpenAPI matches them (`/v2/crawl/active` is not
    // `/v2/crawl/{id}`).
    const params = (t: string) => (t.match(/\{/g) ?? []).length;
    this.paths = Object.keys(doc.paths as object)
      .sort((a, b) => params(a) - params(b))
      .map((template) => ({ template, re: templateRe(template) }));
  }

  static async load(baseUrl: string): Promise<ApiDocument> {
    const res = await fetch(`${baseUrl}/v2/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /v2/openapi.json: ${res.status}`);
    return new ApiDocument((await res.json()) as Record<string, unknown>);
  }

  /**
   * The problems of one response, none when it conforms. A path the document does not have
   * must be answered 404 with the Error schema (the catch-all route).
   */
  check(method: string, url: string, status: number, contentType: string, body: Buffer | string): string[] {
    const path = url.split('?')[0] ?? url;
    const m = method.toLowerCase();
    const where = `${method} ${path} ${status}`;
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const found = this.paths.find((p) => p.re.test(path));
    this.checked.push({ method: m, path: found?.template ?? path, status });
    const isJson = /^application\/json\b/.test(contentType);
    if (!found) {
      if (status !== 404) return [`${where}: path not in the document`];
      const check = this.ajv.getSchema(pointer('components', 'schemas', 'Error'));
      return isJson && check?.(JSON.parse(text)) ? [] : [`${where}: not a catalogue Error body`];
    }
    const op = (this.doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
      found.template
    ]?.[m];
    if (!op) return [`${where}: method not in the document`];
    const response = op.responses[String(status)] as { content?: Record<string, unknown> } | undefined;
    if (!response) return [`${where}: status not documented`];
    const types = Object.keys(response.content ?? {});
    if (!isJson) {
      const base = contentType.split(';')[0]?.trim() ?? '';
      return types.includes(base)
        ? []
        : [`${where}: content type ${base} not documented (${types.join(', ')})`];
    }
    const check = this.ajv.getSchema(
      pointer(
        'paths',
        found.template,
        m,
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      ),
    );
    if (!check) return [`${where}: no JSON schema`];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return [`${where}: body is not JSON`];
    }
    return check(parsed) ? [] : [`${where}: ${this.ajv.errorsText(check.errors)}`];
  }

  /** Checks a fetch() response and returns its parsed JSON body (or text). */
  async conforms(res: Response, method = 'GET'): Promise<{ problems: string[]; body: unknown }> {
    const buf = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const problems = this.check(method, new URL(res.url).pathname, res.status, type, buf);
    const body = /json/.test(type) ? JSON.parse(buf.toString('utf8')) : buf;
    return { problems, body };
  }
}

export interface ValidatingProxy {
  /** Give clients this as their API URL. */
  url: string;
  /** Problems of every response relayed so far. */
  problems: string[];
  close(): Promise<void>;
}

/** An HTTP proxy on loopback that relays to `target` and checks each response it relays. */
export async function validatingProxy(target: string, api: ApiDocument): Promise<ValidatingProxy> {
  const problems: string[] = [];
  const server = createServer((req, res) => {
    const up = request(
      `${target}${req.url}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const body = Buffer.concat(chunks);
          problems.push(
            ...api.check(
              req.method ?? 'GET',
              req.url ?? '/',
              r.statusCode ?? 0,
              r.headers['content-type'] ?? '',
              body,
            ),
          );
          const headers = { ...r.headers };
          delete headers['transfer-encoding'];
          headers['content-length'] = String(body.length);
          const relay = () => {
            res.writeHead(r.statusCode ?? 502, headers);
            res.end(body);
          };
          // distill may answer before the upload is in (402 at the door) and reads the rest;
          // answering the client only once its body is all relayed keeps this proxy from
          // cutting a connection the server itself would have kept.
          if (req.complete) relay();
          else req.once('end', relay);
        });
      },
    );
    up.on('error', (e) => {
      problems.push(`${req.method} ${req.url}: relay failed: ${e.message}`);
      res.destroy();
    });
    req.pipe(up);
  });
  // Clients keep connections to the proxy alive and reuse them; Node's 5 s default would close
  // one just as a client reuses it (a reset the client sees as a failed request), which the
  // server behind (fastify, 72 s) does not do. Keep them longer than any test's pause.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    problems,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
