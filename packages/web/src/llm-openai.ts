import { DistillError } from '@distill/core';
import type { LlmProvider } from './llm.js';

/**
 * One adapter for every OpenAI-compatible chat-completions endpoint (llama.cpp server, Ollama,
 * vLLM, LM Studio, hosted services): `POST {baseUrl}/chat/completions` with `model` and
 * `messages`, and for structured output `response_format: {type: 'json_schema', json_schema:
 * {name, schema, strict}}`. The answer is `choices[0].message.content`; a model that declines
 * sets `message.refusal` instead. Optional: nothing in distill needs a model to run.
 */
export interface OpenAiCompatibleOptions {
  /** Base URL up to the API version, e.g. `http://127.0.0.1:8080/v1` or `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <key>`; local servers usually need none. */
  apiKey?: string;
  /** Time allowed for one completion (default 60 s); past it the call fails with 504. */
  timeoutMs?: number;
  /** Upper bound of the answer's length in tokens (`max_tokens`), when set. */
  maxTokens?: number;
}

interface ChatResponse {
  choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[];
  error?: { message?: string };
}

const gateway = (message: string) => new DistillError('BAD_GATEWAY', `Bad Gateway: ${message}`);

export class OpenAiCompatibleProvider implements LlmProvider {
  readonly name: string;
  private readonly endpoint: string;

  constructor(private readonly opts: OpenAiCompatibleOptions) {
    let base: URL;
    try {
      base = new URL(opts.baseUrl);
    } catch {
      throw new Error(`the LLM endpoint ${JSON.stringify(opts.baseUrl)} is not a URL`);
    }
    if (!opts.model) throw new Error('an LLM endpoint needs a model name');
    this.endpoint = `${base.href.replace(/\/+$/, '')}/chat/completions`;
    this.name = `openai-compatible:${opts.model}`;
  }

  async complete(request: {
    system?: string;
    prompt: string;
    jsonSchema?: Record<string, unknown>;
    signal?: AbortSignal;
  }): Promise<string> {
    const body: Record<string, unknown> = {
      model: this.opts.model,
      messages: [
        ...(request.system ? [{ role: 'system', content: request.system }] : []),
        { role: 'user', content: request.prompt },
      ],
      // Extraction and checks should answer the same way for the same page.
      temperature: 0,
    };
    if (this.opts.maxTokens) body.max_tokens = this.opts.maxTokens;
    if (request.jsonSchema) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: 'extraction', schema: request.jsonSchema, strict: false },
      };
    }
    const timeoutMs = this.opts.timeoutMs ?? 60_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal,
      });
      text = await res.text();
    } catch (e) {
      if (timeout.aborted) {
        throw new DistillError(
          'GATEWAY_TIMEOUT',
          `Gateway Timeout: the LLM provider ${this.name} did not answer within ${timeoutMs} ms`,
        );
      }
      if (request.signal?.aborted) throw e;
      throw gateway(`the LLM provider ${this.name} could not be reached (${(e as Error).message})`);
    }
    let json: ChatResponse;
    try {
      json = JSON.parse(text) as ChatResponse;
    } catch {
      throw gateway(`the LLM provider ${this.name} answered HTTP ${res.status} with a body that is not JSON`);
    }
    if (!res.ok) {
      const why = json.error?.message ?? `HTTP ${res.status}`;
      throw gateway(`the LLM provider ${this.name} answered ${res.status}: ${why}`);
    }
    const choice = json.choices?.[0];
    const message = choice?.message;
    if (message?.refusal) {
      throw new DistillError(
        'UNPROCESSABLE_ENTITY',
        `Unprocessable Entity: the model declined the request (${message.refusal})`,
      );
    }
    if (typeof message?.content !== 'string') {
      throw gateway(`the LLM provider ${this.name} answered without choices[0].message.content`);
    }
    if (choice?.finish_reason === 'length' && request.jsonSchema) {
      throw new DistillError(
        'UNPROCESSABLE_ENTITY',
        'Unprocessable Entity: the model ran out of tokens before finishing the JSON answer',
      );
    }
    return message.content;
  }
}

/**
 * The provider the environment names: DISTILL_LLM_URL and DISTILL_LLM_MODEL (both needed),
 * DISTILL_LLM_API_KEY, DISTILL_LLM_TIMEOUT_MS. Undefined when no endpoint is configured.
 */
export function llmFromEnv(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<OpenAiCompatibleOptions> = {},
): OpenAiCompatibleProvider | undefined {
  const baseUrl = overrides.baseUrl ?? (env.DISTILL_LLM_URL || undefined);
  if (!baseUrl) return undefined;
  const model = overrides.model ?? (env.DISTILL_LLM_MODEL || undefined);
  if (!model)
    throw new Error('an LLM endpoint is configured without a model: set --llm-model or DISTILL_LLM_MODEL');
  const timeout =
    overrides.timeoutMs ?? (env.DISTILL_LLM_TIMEOUT_MS ? Number(env.DISTILL_LLM_TIMEOUT_MS) : undefined);
  return new OpenAiCompatibleProvider({
    baseUrl,
    model,
    apiKey: overrides.apiKey ?? (env.DISTILL_LLM_API_KEY || undefined),
    ...(timeout && Number.isFinite(timeout) ? { timeoutMs: timeout } : {}),
  });
}
