/** Dev tool: NID of our Markdown against Docling's for its HTML test documents (onlyMainContent off). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toMarkdown } from '@distill/core';
import { htmlToDoc } from '../src/index.js';
import { nid } from '../src/nid.js';

const dir = path.resolve(process.cwd(), '../shared/corpora/office/docling/html');
let sum = 0;
let n = 0;
for (const f of readdirSync(path.join(dir, 'sources')).sort()) {
  const html = readFileSync(path.join(dir, 'sources', f));
  const gt = readFileSync(path.join(dir, 'groundtruth', `${f}.md`), 'utf8');
  const md = toMarkdown(htmlToDoc(new Uint8Array(html), { onlyMainContent: false }).blocks).markdown;
  const s = nid(md, gt);
  sum += s;
  n++;
  console.log(`${f.padEnd(40)} ${s.toFixed(3)}`);
  if (process.argv[2] === f) console.log(md);
}
console.log(`mean NID ${(sum / n).toFixed(3)} over ${n}`);
