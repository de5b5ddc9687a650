import { DistillError, type ParserPlugin } from '@distill/core';
import { readRtf } from './reader.js';

const isRtf = (b: Uint8Array) => b.length >= 5 && String.fromCharCode(...b.subarray(0, 5)) === '{\\rtf';

/** Rich Text Format, read in-process by a tokenizer and group state machine. */
export const rtfParser: ParserPlugin = {
  name: 'rtf',
  formats: ['rtf'],
  parse(bytes, ctx) {
    const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const body = bytes.subarray(start);
    if (!isRtf(body))
      throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the file does not start with {\\rtf');
    const { blocks, metadata } = readRtf(body, () => ctx.checkpoint());
    return { blocks, metadata };
  },
};
