import { readFileSync } from 'node:fs';
import { parse, registerParser } from '@distill/core';
import { officeParsers } from '@distill/office';

for (const p of officeParsers) registerParser(p);
const f = process.argv[2];
const opts = process.argv[3] ? JSON.parse(process.argv[3]) : {};
const r = await parse(new Uint8Array(readFileSync(f)), opts, { filename: f });
console.log(r.markdown);
if (r.warning) console.error('WARN', r.warning);
