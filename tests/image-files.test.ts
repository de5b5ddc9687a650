import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from 'firecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodePng,
  JPEG,
  MASK,
  PNG,
  picturesDocx,
  picturesPdf,
  RGB_PIXELS,
} from './helpers/image-fixtures.js';
import { distill, requireBuilt, type Served, serveProcess } from './helpers/spawn.js';

// Images as files through the doors a user opens: the built CLI (`--images DIR` for parse and
// batch) and `distill serve` spoken to by the official firecrawl client (the `images` format
// answered with /v2/artifacts URLs). The inputs are generated: a PDF written by hand with a
// JPEG, a soft-masked Flate image and a JBIG2 one, and a DOCX with a PNG and a JPEG.

let dir: string;
let pdf: string;
let docx: string;

beforeAll(() => {
  requireBuilt();
  dir = mkdtempSync(join(tmpdir(), 'distill-images-'));
  pdf = join(dir, 'in', 'survey.pdf');
  docx = join(dir, 'in', 'notes.docx');
  mkdirSync(join(dir, 'in'));
  writeFileSync(pdf, picturesPdf());
  writeFileSync(docx, picturesDocx());
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Markdown image links: [alt, target]. */
const links = (md: string) => [...md.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => [m[1], m[2]]);

describe('distill parse --images (the spawned CLI)', () => {
  it('writes a PDF’s JPEG as it is stored and its soft-masked image as an RGBA PNG, each once, linked with the caption as alt text', async () => {
    // Given relative to the working directory, so the links are too.
    const images = join(dir, 'pdf-images');
    const r = await distill(['parse', pdf, '--images', 'pdf-images'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    const found = links(r.stdout);
    // Page 1: the JPEG and the PNG; page 2: the JPEG again (same file).
    expect(found).toHaveLength(3);
    const [jpg, png, again] = found;
    expect(jpg[0]).toBe('Figure 1: Tide gauge at North Point');
    expect(jpg[1]).toMatch(/^pdf-images\/[A-Za-z0-9_-]{32}\.jpg$/);
    expect(png[0]).toBe('Figure 2: Sand bar opacity');
    expect(png[1]).toMatch(/^pdf-images\/[A-Za-z0-9_-]{32}\.png$/);
    expect(again[1]).toBe(jpg[1]);
    expect(readdirSync(images).sort()).toEqual([jpg[1], png[1]].map((l) => l.split('/')[1]).sort());
    expect(readFileSync(join(dir, jpg[1]))).toEqual(JPEG);
    const decoded = decodePng(readFileSync(join(dir, png[1])));
    expect([decoded.width, decoded.height, decoded.channels]).toEqual([4, 2, 4]);
    const rgba = RGB_PIXELS.flatMap((p, i) => [...p, MASK[i]]);
    expect([...decoded.pixels]).toEqual(rgba);
    // The JBIG2 image is not written, and the warning says so and where.
    expect(r.stderr).toMatch(/Images not written as files: page 2: an image was not written \(JBIG2-coded\)/);
    // The same command again writes nothing new and gives the same Markdown.
    const again2 = await distill(['parse', pdf, '--images', 'pdf-images'], { cwd: dir });
    expect(again2.stdout).toBe(r.stdout);
    expect(readdirSync(images)).toHaveLength(2);
  });

  it('writes a DOCX’s pictures as stored, a picture used twice once, with their alt text', async () => {
    const images = join(dir, 'docx-images');
    const r = await distill(['parse', docx, '--images', 'docx-images'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    const found = links(r.stdout);
    expect(found.map(([alt]) => alt)).toEqual(['A red dot', 'A red dot', 'Tide gauge']);
    expect(found[0][1]).toBe(found[1][1]);
    expect(found[0][1]).toMatch(/^docx-images\/[A-Za-z0-9_-]{32}\.png$/);
    expect(found[2][1]).toMatch(/^docx-images\/[A-Za-z0-9_-]{32}\.jpg$/);
    expect(readFileSync(join(dir, found[0][1]))).toEqual(PNG);
    expect(readFileSync(join(dir, found[2][1]))).toEqual(JPEG);
    expect(readdirSync(images)).toHaveLength(2);
  });

  it('links images relative to each Markdown file with --out, in parse and in batch', async () => {
    const out = join(dir, 'out');
    const images = join(dir, 'shared-images');
    const r = await distill(['parse', join(dir, 'in'), '--out', out, '--images', images], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    const md = readFileSync(join(out, 'survey.pdf.md'), 'utf8');
    for (const [, target] of links(md)) {
      expect(target).toMatch(/^\.\.\/shared-images\//);
      expect(existsSync(join(out, target))).toBe(true);
    }
    const batchOut = join(dir, 'batch-out');
    const b = await distill(['batch', join(dir, 'in'), '--out', batchOut, '--images', images, '-c', '1']);
    expect(b.status, b.stderr).toBe(0);
    const bmd = readFileSync(join(batchOut, 'notes.docx.md'), 'utf8');
    const targets = links(bmd).map(([, t]) => t);
    expect(targets).toHaveLength(3);
    for (const t of targets) expect(existsSync(join(batchOut, t)), t).toBe(true);
    // Both documents' JPEG is the same bytes: one file for the two of them.
    expect(readdirSync(images).filter((f) => f.endsWith('.jpg'))).toHaveLength(1);
  });

  it('refuses --images with --queue (the workers write on other machines)', async () => {
    const r = await distill([
      'batch',
      pdf,
      '--out',
      join(dir, 'q'),
      '--images',
      'x',
      '--queue',
      'redis://127.0.0.1:1/x',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--images cannot be used with --queue');
  });
});

describe('distill serve: the images format with the official client', () => {
  const KEY = 'fd-images-key';
  let served: Served;
  let client: Firecrawl;

  beforeAll(async () => {
    served = await serveProcess(['--data-dir', join(dir, 'serve-data')], { DISTILL_API_KEYS: KEY });
    client = new Firecrawl({ apiKey: KEY, apiUrl: served.url });
  }, 60_000);

  afterAll(async () => {
    expect(await served?.stop()).toBe(0);
  });

  /** Fetches every listed image: the URLs are the server's artifacts, answered without a key. */
  async function fetched(urls: string[]): Promise<{ type: string; bytes: Buffer }[]> {
    return Promise.all(
      urls.map(async (u) => {
        expect(u.startsWith(`${served.url}/v2/artifacts/`), u).toBe(true);
        const res = await fetch(u);
        expect(res.status).toBe(200);
        return { type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
      }),
    );
  }

  it('stores a PDF’s images and lists them as artifact URLs, linked from the Markdown', async () => {
    const doc = await client.parse(
      { data: readFileSync(pdf), filename: 'survey.pdf', contentType: 'application/pdf' },
      { formats: ['markdown', 'images'] },
    );
    expect(doc.images).toHaveLength(2);
    const files = await fetched(doc.images ?? []);
    expect(files.map((f) => f.type).sort()).toEqual(['image/jpeg', 'image/png']);
    expect(files.find((f) => f.type === 'image/jpeg')?.bytes).toEqual(JPEG);
    const png = decodePng(files.find((f) => f.type === 'image/png')!.bytes);
    expect([...png.pixels]).toEqual(RGB_PIXELS.flatMap((p, i) => [...p, MASK[i]]));
    for (const u of doc.images ?? []) expect(doc.markdown).toContain(`](${u})`);
    expect(doc.warning).toContain('JBIG2-coded');
  });

  it('stores a DOCX’s pictures the same way; a second request gets names of its own', async () => {
    const ask = () =>
      client.parse({ data: readFileSync(docx), filename: 'notes.docx' }, { formats: ['markdown', 'images'] });
    const [one, two] = [await ask(), await ask()];
    expect(one.images).toHaveLength(2);
    const files = await fetched(one.images ?? []);
    expect(files.map((f) => f.bytes).sort(Buffer.compare)).toEqual([JPEG, PNG].sort(Buffer.compare));
    expect(one.markdown).toContain(`![A red dot](${one.images?.find((u) => u.endsWith('.png'))})`);
    // Names are salted per request: nobody can find a file from the image alone.
    expect(two.images?.some((u) => one.images?.includes(u))).toBe(false);
    // Without the images format nothing is stored and pictures keep their names.
    const plain = await client.parse(
      { data: readFileSync(docx), filename: 'notes.docx' },
      { formats: ['markdown'] },
    );
    expect(plain.markdown).toContain('![A red dot](image1.png)');
  });

  it('stores nothing under zeroDataRetention, and says so', async () => {
    const doc = await client.parse(
      { data: readFileSync(docx), filename: 'notes.docx' },
      { formats: ['markdown', 'images'], zeroDataRetention: true },
    );
    expect(doc.images?.length).toBeGreaterThan(0);
    for (const u of doc.images ?? []) expect(u).not.toContain('/v2/artifacts/');
    expect(doc.warning).toContain('zeroDataRetention');
  });
});
