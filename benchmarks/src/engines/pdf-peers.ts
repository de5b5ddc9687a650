import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import type { Engine } from './types.js';
import { pkgVersion, run, toolVersion } from './util.js';

/** Debian's tesseract-ocr-eng data, so liteparse never tries to download a model. */
export function tessdataPath(): string | undefined {
  try {
    const files = execFileSync('dpkg', ['-L', 'tesseract-ocr-eng'], { encoding: 'utf8' }).split('\n');
    const f = files.find((l) => l.endsWith('/eng.traineddata'));
    if (f && existsSync(f)) return dirname(f);
  } catch {}
  const fallback = '/usr/share/tesseract-ocr/5/tessdata';
  return existsSync(`${fallback}/eng.traineddata`) ? fallback : undefined;
}

function liteparse(ocr: boolean): Engine {
  type LP = { parse: (input: string) => Promise<{ text: string }> };
  let instance: LP | undefined;
  return {
    name: ocr ? 'liteparse-ocr' : 'liteparse',
    kinds: ['pdf'],
    concurrency: ocr ? availableParallelism() : 1,
    version: async () => pkgVersion('@llamaindex/liteparse'),
    convert: async ({ path }) => {
      if (!instance) {
        const { LiteParse } = await import('@llamaindex/liteparse');
        instance = new LiteParse({
          ocrEnabled: ocr,
          outputFormat: 'markdown',
          tessdataPath: tessdataPath(),
          // OCR runs pages on every core, as ours does; text extraction needs no workers.
          numWorkers: ocr ? availableParallelism() : 1,
        } as never) as unknown as LP;
      }
      return (await instance.parse(path)).text;
    },
  };
}

const unpdfEngine: Engine = {
  name: 'unpdf',
  kinds: ['pdf'],
  version: async () => pkgVersion('unpdf'),
  convert: async ({ bytes }) => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      const { text } = await extractText(pdf, { mergePages: true });
      return text;
    } finally {
      await pdf.destroy();
    }
  },
};

const pdfParseEngine: Engine = {
  name: 'pdf-parse',
  kinds: ['pdf'],
  version: async () => pkgVersion('pdf-parse'),
  convert: async ({ bytes }) => {
    const { PDFParse } = await import('pdf-parse');
    const p = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      return (await p.getText()).text;
    } finally {
      await p.destroy();
    }
  },
};

const pdftotextEngine: Engine = {
  name: 'pdftotext',
  kinds: ['pdf'],
  version: async () => toolVersion('pdftotext', ['-v']),
  convert: async ({ path }) => (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout,
};

export const pdfPeers: Engine[] = [liteparse(false), unpdfEngine, pdfParseEngine, pdftotextEngine];
export const liteparseOcr = liteparse(true);
