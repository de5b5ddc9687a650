import { readFileSync } from 'node:fs';
import path from 'node:path';
import { epubParsers } from '../../epub/src/index.ts';
import { officeParsers } from '../src/index.ts';
import { markdownOf } from './legacy-support.ts';

const f = process.argv[2];
console.log(
  await markdownOf([...officeParsers, ...epubParsers], new Uint8Array(readFileSync(f)), path.basename(f)),
);
