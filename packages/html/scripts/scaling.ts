/** Dev tool: time and peak memory of htmlToDoc + Markdown on generated pages of 2, 5, 10, 20 (and 50) MB. */
import { toMarkdown } from '@distill/core';
import { parse } from 'parse5';
import { htmlToDoc } from '../src/index.js';

const para =
  '<div class="post"><h2>Section heading</h2><p>Some <b>bold</b> text with a <a href="/x">link</a> and more words that make a paragraph of typical length for an article body.</p><ul><li>one</li><li>two</li></ul></div>\n';
const sizes = (process.argv[2] ?? '2,5,10,20').split(',').map(Number);
for (const mb of sizes) {
  const n = Math.ceil((mb * 1e6) / para.length);
  const html = `<html><head><title>t</title></head><body><nav><a href="/">home</a></nav><main>${para.repeat(n)}</main></body></html>`;
  const bytes = new Uint8Array(Buffer.from(html));
  const tp = performance.now();
  parse(html);
  const parseMs = performance.now() - tp;
  const t0 = performance.now();
  const doc = htmlToDoc(bytes, {});
  const out = toMarkdown(doc.blocks).markdown;
  const ms = performance.now() - t0;
  const rss = process.memoryUsage().rss / 1e6;
  console.log(
    `${mb} MB: ${ms.toFixed(0)} ms (${(mb / (ms / 1000)).toFixed(1)} MB/s; parse5 alone ${parseMs.toFixed(0)} ms, ratio ${(ms / parseMs).toFixed(2)}), markdown ${(out.length / 1e6).toFixed(1)} MB, rss ${rss.toFixed(0)} MB`,
  );
}
