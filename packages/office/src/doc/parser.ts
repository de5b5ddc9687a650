import type { ParserPlugin } from '@distill/core';
import { readDoc } from './reader.js';

/** Word 97–2003 (.doc), read from the compound file's WordDocument and table streams. */
export const docParser: ParserPlugin = {
  name: 'doc',
  formats: ['doc'],
  parse(bytes, ctx) {
    return { blocks: readDoc(bytes, () => ctx.checkpoint()), metadata: {} };
  },
};
