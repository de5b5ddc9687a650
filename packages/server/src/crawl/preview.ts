import { DistillError } from '@distill/core';
import type { LlmProvider } from '@distill/web';
import { crawlRequestSchema } from './schemas.js';

/** The crawl options an LLM may derive from a prompt (the rest stay the caller's). */
const PREVIEW_FIELDS = [
  'includePaths',
  'excludePaths',
  'maxDiscoveryDepth',
  'limit',
  'crawlEntireDomain',
  'allowSubdomains',
  'allowExternalLinks',
  'sitemap',
  'ignoreQueryParameters',
] as const;

/**
 * `POST /v2/crawl/params-preview`: turning a sentence into crawl options takes a language model.
 * Without one configured the answer says so (501 NOT_CONFIGURED) rather than guessing.
 */
export async function paramsPreview(
  llm: LlmProvider | undefined,
  url: string,
  prompt: string,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  if (!llm)
    throw new DistillError(
      'NOT_CONFIGURED',
      'Not Implemented: crawl params preview turns a prompt into options with an LLM, and no LLM provider is configured on this server',
    );
  const answer = await llm.complete({
    system: `You turn a description of a website crawl into JSON options. Answer with one JSON object using only these keys: ${PREVIEW_FIELDS.join(', ')}. includePaths and excludePaths are arrays of regular expressions over URL paths.`,
    prompt: `Start URL: ${url}\nCrawl request: ${prompt}`,
    signal,
  });
  let raw: Record<string, unknown>;
  try {
    const m = /```(?:json)?\s*([\s\S]*?)```/.exec(answer);
    raw = JSON.parse(m ? m[1] : answer) as Record<string, unknown>;
  } catch {
    throw new DistillError('BAD_GATEWAY', `Bad Gateway: the LLM provider ${llm.name} did not return JSON`);
  }
  const picked = Object.fromEntries(PREVIEW_FIELDS.filter((k) => k in raw).map((k) => [k, raw[k]]));
  const parsed = crawlRequestSchema.safeParse({ url, ...picked });
  if (!parsed.success)
    throw new DistillError(
      'BAD_GATEWAY',
      `Bad Gateway: the LLM provider ${llm.name} proposed invalid options`,
    );
  return {
    url,
    ...Object.fromEntries(PREVIEW_FIELDS.filter((k) => k in picked).map((k) => [k, parsed.data[k]])),
  };
}
