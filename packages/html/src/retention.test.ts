import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { detach } from './detach.js';
import { htmlToDoc } from './parser.js';

// Nothing of a page may keep its source alive once the page is done: the tokenizer cuts text
// and attribute values out of the source as slices (run-tokenizer.ts), and one slice kept in a
// process-wide table or in the result holds the whole source. Measured as the heap left after a
// full collection, which does not depend on the machine's load.

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const PAGE_BYTES = 2_000_000;

/** A large article page of its own: its links and metadata URLs are found on no other page. */
function page(n: number): string {
  // A link every 50 entries: one is enough to keep a page alive, and the kept list stays short.
  const entry = (i: number) =>
    `<h2>Stretch ${i} of survey ${n}</h2><p>The water ran clear after a dry week on stretch ${i}, and the gravel beds below the weir held more young trout than at any count this year; ${i % 50 ? `the tally for stretch ${i}` : `<a href="notes/survey-${n}/stretch-${i}.html">the tally for stretch ${i}</a>`} is in the log.</p>`;
  const parts: string[] = [];
  for (let i = 0, size = 0; size < PAGE_BYTES; i++) {
    const e = entry(i);
    parts.push(e);
    size += e.length;
  }
  return `<!doctype html><html><head><title>Field notes from survey ${n}</title>
<meta property="og:url" content="notes/survey-${n}/field-notes.html">
<link rel="canonical" href="notes/survey-${n}/field-notes.html"></head>
<body><nav><a href="index.html">Home</a></nav><main><article><h1>Field notes from survey ${n}</h1>
${parts.join('\n')}</article></main></body></html>`;
}

// Each page is converted inside a function of its own, so no stack slot of the test still holds
// the last page's document when the heap is measured.
const convert = (n: number) => {
  htmlToDoc(page(n));
};
const keep = (n: number) => {
  const doc = htmlToDoc(page(n));
  return { metadata: doc.metadata, links: doc.links };
};

describe('a page leaves nothing of its source behind', () => {
  // Warm pages first: the code V8 compiles and optimizes while converting is heap too.
  beforeAll(() => {
    for (let n = 0; n < 3; n++) keep(n);
  }, 120_000);

  it('detach gives an equal string (short ones as they are, lone surrogates kept)', () => {
    const source = `${'x'.repeat(100)}notes/survey-1/field-notes.html${'y'.repeat(100)}`;
    const slice = source.slice(100, 131);
    expect(detach(slice)).toBe(slice);
    expect(detach('short')).toBe('short');
    expect(detach('\ud800 lone surrogate kept as it is')).toBe('\ud800 lone surrogate kept as it is');
  });

  it('the URLs of converted links are not remembered past their page', { timeout: 120_000 }, () => {
    const before = heapAfterGc();
    for (let n = 11; n <= 14; n++) convert(n);
    // A process-wide URL table holding slices of the pages kept 12 MB here.
    expect(heapAfterGc() - before).toBeLessThan(PAGE_BYTES / 2);
  });

  it('the metadata and links kept from a page hold no slice of its source', { timeout: 120_000 }, () => {
    const before = heapAfterGc();
    const kept: unknown[] = [];
    for (let n = 21; n <= 24; n++) kept.push(keep(n));
    const grown = heapAfterGc() - before;
    expect(kept).toHaveLength(4);
    // Metadata values and links as slices of the sources kept 12 MB here.
    expect(grown).toBeLessThan(PAGE_BYTES / 2);
  });
});
