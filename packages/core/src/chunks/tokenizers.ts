import { DistillError } from '../errors/distill-error.js';
import type { TokenizerName } from '../options/chunks.js';

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/**
 * Tokenizers are registered, not imported: core depends on zod only, and the `distill` package
 * registers the `gpt-tokenizer` encodings (loaded on the first chunking in tokens), as it
 * registers the parsers.
 */
const loaders = new Map<string, () => Promise<TokenCounter>>();
const loaded = new Map<string, Promise<TokenCounter>>();

export function registerTokenizer(name: TokenizerName, load: () => Promise<TokenCounter>): void {
  loaders.set(name, load);
  loaded.delete(name);
}

/** The counter of a registered tokenizer, loaded once; MISSING_DEPENDENCY when none is installed. */
export function loadTokenizer(name: TokenizerName): Promise<TokenCounter> {
  let p = loaded.get(name);
  if (!p) {
    const load = loaders.get(name);
    if (!load)
      return Promise.reject(
        new DistillError(
          'MISSING_DEPENDENCY',
          `Chunking in tokens needs a tokenizer and none is registered for ${name}: use the distill package (it registers gpt-tokenizer's encodings), or registerTokenizer()`,
        ),
      );
    p = load().catch((e) => {
      loaded.delete(name);
      throw e instanceof DistillError
        ? e
        : new DistillError(
            'MISSING_DEPENDENCY',
            `The ${name} tokenizer could not be loaded: npm i gpt-tokenizer (${(e as Error).message})`,
            { cause: e },
          );
    });
    loaded.set(name, p);
  }
  return p;
}
