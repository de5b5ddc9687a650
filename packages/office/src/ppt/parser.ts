import type { ParserPlugin } from '@distill/core';
import { readPpt } from './reader.js';

/** PowerPoint 97–2003 (.ppt): slides in order with titles, body text and notes. */
export const pptParser: ParserPlugin = {
  name: 'ppt',
  formats: ['ppt'],
  parse(bytes, ctx) {
    return { blocks: readPpt(bytes, () => ctx.checkpoint()), metadata: {} };
  },
};
