import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { htmlToDoc } from '../src/index.js';

const id = process.argv[2];
const html = gunzipSync(readFileSync(`../shared/corpora/html/wcxb-dev/html/${id}.html.gz`));
const main = process.argv[3] !== 'all';
const doc = htmlToDoc(new Uint8Array(html), { onlyMainContent: main });
console.log(doc.warnings, doc.blocks.length);
console.log(toMarkdown(doc.blocks).markdown.slice(0, Number(process.argv[4] ?? 3000)));
