import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, distill, EXAMPLE, requireBuilt } from './helpers/spawn.js';

// `distill mcp` as an agent meets it: spawned by the MCP SDK's own client over stdio (and over
// streamable HTTP), listing its tools and calling parse, search and scrape.

type CallResult = {
  content: { type: string; text?: string }[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
};
const text = (r: CallResult) => r.content.map((c) => c.text ?? '').join('\n');

let dir: string;
let site: Server;
let page: string;
let client: Client;

beforeAll(async () => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-mcp-'));
  const index = join(dir, 'idx');
  expect((await distill(['index', EXAMPLE, '--index', index])).status).toBe(0);
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<html><head><title>Ferry times</title></head><body><main><h1>Ferry times</h1><p>The first ferry leaves the north quay at 07:10 and the last returns at 22:40, every day but the twenty-fifth of December.</p></main></body></html>',
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  page = `http://127.0.0.1:${(site.address() as AddressInfo).port}/ferry`;
  client = new Client({ name: 'distill-tests', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--index', index, '--allow-private-urls', '--data-dir', join(dir, 'data')],
      cwd: EXAMPLE,
      stderr: 'pipe',
    }),
  );
}, 60_000);

afterAll(async () => {
  await client?.close();
  site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('distill mcp over stdio, with the MCP SDK client', { timeout: 120_000 }, () => {
  it('lists parse, search and scrape with input schemas from the API’s zod schemas', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(['parse', 'scrape', 'search']);
    const parse = byName.get('parse')!.inputSchema as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    expect(Object.keys(parse.properties)).toEqual(
      expect.arrayContaining(['path', 'data', 'filename', 'options']),
    );
    expect(Object.keys(parse.properties.options?.properties ?? {})).toEqual(
      expect.arrayContaining(['formats', 'parsers']),
    );
    const scrape = byName.get('scrape')!.inputSchema as {
      properties: Record<string, unknown>;
      required?: string[];
    };
    expect(scrape.required).toContain('url');
    const search = byName.get('search')!.inputSchema as { properties: Record<string, unknown> };
    expect(Object.keys(search.properties)).toEqual(
      expect.arrayContaining(['query', 'limit', 'scrapeOptions']),
    );
  });

  it('parses a local path, read directly (relative to the server’s folder) and with options', async () => {
    const r = (await client.callTool({
      name: 'parse',
      arguments: {
        path: 'field-notes.pdf',
        options: { parsers: [{ type: 'pdf', mode: 'fast', pages: true }] },
      },
    })) as CallResult;
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain('Coastal Erosion');
    expect((r.structuredContent?.pages as unknown[]).length).toBe(1);
  });

  it('parses base64 bytes with a filename', async () => {
    const data = readFileSync(join(EXAMPLE, 'field-notes.docx')).toString('base64');
    const r = (await client.callTool({
      name: 'parse',
      arguments: { data, filename: 'notes.docx' },
    })) as CallResult;
    expect(text(r)).toMatch(/North Point \| 1\.8/);
  });

  it('answers a bad input with the catalogue error as a tool error', async () => {
    const r = (await client.callTool({
      name: 'parse',
      arguments: { path: 'no-such-file.pdf' },
    })) as CallResult;
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^NOT_FOUND \(404\): /);
    const bad = (await client.callTool({
      name: 'parse',
      arguments: { path: 'field-notes.pdf', options: { parsers: [{ type: 'pdf', mode: 'fsat' }] } },
    })) as CallResult;
    expect(bad.isError).toBe(true);
  });

  it('searches the local index and scrapes the results', async () => {
    const r = (await client.callTool({
      name: 'search',
      arguments: { query: 'coastal erosion', limit: 3, scrapeOptions: { formats: ['markdown'] } },
    })) as CallResult;
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain('field-notes');
    expect(text(r)).toContain('North Point');
  });

  it('scrapes a page on loopback to Markdown', async () => {
    const r = (await client.callTool({
      name: 'scrape',
      arguments: { url: page, formats: ['markdown'] },
    })) as CallResult;
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toContain('# Ferry times');
    expect(text(r)).toContain('22:40');
  });
});

describe('distill mcp --http, with the MCP SDK client', { timeout: 60_000 }, () => {
  it('serves the same tools over streamable HTTP', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [BIN, 'mcp', '--http', '--port', '0'], {
      cwd: EXAMPLE,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    const url = await new Promise<string>((res, rej) => {
      child.stderr.on('data', (d) => {
        err += d;
        const m = /listening on (http:\/\/\S+\/mcp)/.exec(err);
        if (m) res(m[1] as string);
      });
      child.once('exit', () => rej(new Error(err)));
    });
    const http = new Client({ name: 'distill-tests-http', version: '1.0.0' });
    await http.connect(new StreamableHTTPClientTransport(new URL(url)));
    const r = (await http.callTool({
      name: 'parse',
      arguments: { path: 'quarterly-revenue.csv' },
    })) as CallResult;
    expect(text(r)).toContain('| Nord |');
    await http.close();
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.once('exit', r))).toBe(0);
  });
});
