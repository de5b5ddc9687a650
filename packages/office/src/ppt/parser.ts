import { CfbFile, type ParserPlugin } from '@distill/core';
import { summaryMetadata } from '../doc/summary.js';
import { readPpt } from './reader.js';

/** PowerPoint 97–2003 (.ppt): slides in order with titles, body text and notes. */
export const pptParser: ParserPlugin = {
  name: 'ppt',
  formats: ['ppt'],
  parse(bytes, ctx) {
    const cfb = new CfbFile(bytes);
    const blocks = readPpt(cfb, () => ctx.checkpoint());
    const slides = blocks.filter((b) => b.kind === 'comment').length;
    return { blocks, metadata: { ...summaryMetadata(cfb), numPages: slides } };
  },
};
