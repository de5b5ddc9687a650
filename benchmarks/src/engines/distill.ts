import { readFileSync } from 'node:fs';
import { parse } from 'distill';
import type { Engine } from './types.js';

const distillVersion = (): string => {
  try {
    return JSON.parse(
      readFileSync(new URL('../../../packages/distill/package.json', import.meta.url), 'utf8'),
    ).version;
  } catch {
    return 'workspace';
  }
};

/** Our engine, through the public library API, with every parser this build registers. */
export const distillEngine: Engine = {
  name: 'distill',
  kinds: ['pdf', 'html', 'office'],
  version: async () => distillVersion(),
  convert: async ({ bytes, filename }) => {
    const r = await parse({ data: bytes, filename }, { formats: ['markdown'], timeout: 300_000 });
    return r.markdown ?? '';
  },
};
