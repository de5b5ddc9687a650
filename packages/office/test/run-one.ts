import { readFileSync } from 'node:fs';
import path from 'node:path';
import { officeParsers } from '../src/index.ts';
import { markdownOf } from './legacy-support.ts';

const f = process.argv[2];
console.log(await markdownOf(officeParsers, new Uint8Array(readFileSync(f)), path.basename(f)));
