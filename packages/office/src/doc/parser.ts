import { CfbFile, type ParserPlugin } from '@distill/core';
import { readDoc } from './reader.js';
import { summaryMetadata } from './summary.js';

/** Word 97–2003 (.doc), read from the compound file's WordDocument and table streams. */
export const docParser: ParserPlugin = {
  name: 'doc',
  formats: ['doc'],
  parse(bytes, ctx) {
    const cfb = new CfbFile(bytes);
    return { blocks: readDoc(cfb, () => ctx.checkpoint()), metadata: summaryMetadata(cfb) };
  },
};
