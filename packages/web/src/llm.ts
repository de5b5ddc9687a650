/**
 * A language-model provider for the formats that need one (json, an abstractive summary,
 * changeTracking's json mode). None is bundled: a server or library user plugs one in.
 */
export interface LlmProvider {
  /** Shown in messages, for example "openai:gpt-4o-mini". */
  name: string;
  /** Returns the model's text answer; with `jsonSchema` the answer must be JSON matching it. */
  complete(request: {
    system?: string;
    prompt: string;
    jsonSchema?: Record<string, unknown>;
    signal?: AbortSignal;
  }): Promise<string>;
}
