import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DistillError } from '@distill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmFromEnv, OpenAiCompatibleProvider } from './llm-openai.js';

/** A loopback endpoint answering per the model name, as the chat-completions API documents. */
let srv: Server;
let base: string;

beforeAll(async () => {
  srv = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => {
      const { model } = JSON.parse(raw) as { model: string };
      if (model === 'overloaded') {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }));
        return;
      }
      if (model === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>proxy error</html>');
        return;
      }
      const choice =
        model === 'truncated'
          ? { message: { role: 'assistant', content: '{"a": ' }, finish_reason: 'length' }
          : model === 'empty'
            ? { message: { role: 'assistant' }, finish_reason: 'stop' }
            : { message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'chat.completion', choices: [{ index: 0, ...choice }] }));
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/v1`;
});
afterAll(() => srv.close());

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: DistillError) => e.code,
  );

describe('OpenAI-compatible provider', () => {
  it('returns choices[0].message.content', async () => {
    expect(await new OpenAiCompatibleProvider({ baseUrl: base, model: 'm' }).complete({ prompt: 'p' })).toBe(
      'hello',
    );
  });

  it('upstream failures are 502, a truncated JSON answer 422, an unreachable endpoint 502', async () => {
    const ask = (model: string, jsonSchema?: Record<string, unknown>) =>
      codeOf(new OpenAiCompatibleProvider({ baseUrl: base, model }).complete({ prompt: 'p', jsonSchema }));
    expect(await ask('overloaded')).toBe('BAD_GATEWAY');
    expect(await ask('html')).toBe('BAD_GATEWAY');
    expect(await ask('empty')).toBe('BAD_GATEWAY');
    expect(await ask('truncated', { type: 'object' })).toBe('UNPROCESSABLE_ENTITY');
    const closed = new OpenAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    expect(await codeOf(closed.complete({ prompt: 'p' }))).toBe('BAD_GATEWAY');
  });

  it('is configured by the environment, and only when an endpoint is named', () => {
    expect(llmFromEnv({})).toBeUndefined();
    expect(llmFromEnv({ DISTILL_LLM_URL: base, DISTILL_LLM_MODEL: 'm' })?.name).toBe('openai-compatible:m');
    expect(() => llmFromEnv({ DISTILL_LLM_URL: base })).toThrow(/without a model/);
  });
});
