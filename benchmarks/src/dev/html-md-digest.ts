/**
 * Dev tool: a digest of the Markdown, links, images and cleaned HTML of every WCXB dev and
 * trafilatura-dev page in four modes (main content and whole page, each with and without
 * data-attribute dropping), written as JSON; given
 * a second file, lists the pages whose output differs. For changes that must keep the output
 * byte-identical (pre-parse scans, parser plumbing).
 *
 *   pnpm bench dev html-md-digest out.json [before.json]
 */

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { toMarkdown } from '@distill/core';
import { htmlToDoc } from '../../../packages/html/src/index.js';
import { CORPORA } from '../paths.js';

const dirs = [
  path.resolve(CORPORA, 'html/wcxb-dev/html'),
  path.resolve(CORPORA, 'html/trafilatura-dev/html'),
];
const modes = [
  ['main+drop', { onlyMainContent: true, dropDataAttributes: true }],
  ['main', { onlyMainContent: true }],
  ['all+drop', { onlyMainContent: false, dropDataAttributes: true }],
  ['all', { onlyMainContent: false }],
] as const;
const out: Record<string, string> = {};
for (const [dir, f] of dirs.flatMap((d) =>
  readdirSync(d)
    .sort()
    .map((f) => [d, f] as const),
)) {
  const bytes = new Uint8Array(gunzipSync(readFileSync(path.join(dir, f))));
  for (const [mode, o] of modes) {
    const doc = htmlToDoc(bytes, { ...o, baseUrl: 'https://example.com/' });
    const s = `${toMarkdown(doc.blocks).markdown}\n--links--\n${(doc.links ?? []).join('\n')}\n--images--\n${(doc.images ?? []).join('\n')}\n--html--\n${doc.html ?? ''}`;
    out[`${f} ${mode}`] = createHash('sha1').update(s).digest('hex');
  }
}
writeFileSync(process.argv[2], JSON.stringify(out));
if (process.argv[3]) {
  const before: Record<string, string> = JSON.parse(readFileSync(process.argv[3], 'utf8'));
  const differ = Object.keys(out).filter((k) => before[k] !== out[k]);
  console.log(`${Object.keys(out).length} outputs, ${differ.length} differ`);
  for (const k of differ) console.log(k);
}
