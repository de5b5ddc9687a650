import {
  defaultRegistry,
  docPages,
  type FormatId,
  type ParserPlugin,
  registerTokenizer,
  TOKENIZERS,
  type TokenizerName,
} from '@distill/core';

/**
 * A parser that loads its package on the first file of its formats. A command that converts
 * one PDF never compiles the HTML, Office or EPUB parsers (a third of a cold start), and a
 * batch of DOCX files never loads the PDF reader.
 */
function lazyParser(name: string, formats: FormatId[], load: () => Promise<ParserPlugin>): ParserPlugin {
  let loading: Promise<ParserPlugin> | undefined;
  return {
    name,
    formats,
    async parse(bytes, ctx) {
      loading ??= load().catch((e) => {
        loading = undefined;
        throw e;
      });
      return (await loading).parse(bytes, ctx);
    },
    // Page by page when the loaded parser reads so (PDF, slides), else its whole document as pages.
    async *parsePages(bytes, ctx) {
      loading ??= load().catch((e) => {
        loading = undefined;
        throw e;
      });
      const plugin = await loading;
      if (plugin.parsePages) yield* plugin.parsePages(bytes, ctx);
      else yield* docPages(await plugin.parse(bytes, ctx));
    },
  };
}

const pick = (plugins: readonly ParserPlugin[], format: FormatId): ParserPlugin => {
  const p = plugins.find((x) => x.formats.includes(format));
  if (!p) throw new Error(`no parser for ${format} in its package`);
  return p;
};

// The formats each package reads, written here so nothing has to be imported to know them;
// tests/conventions.test.ts checks them against the packages' own lists.
export const LAZY_PARSERS: {
  pkg: string;
  formats: FormatId[];
  load: (f: FormatId) => Promise<ParserPlugin>;
}[] = [
  {
    pkg: '@distill/html',
    formats: ['html', 'xhtml'],
    load: async (f) => pick((await import('@distill/html')).htmlParsers, f),
  },
  { pkg: '@distill/pdf', formats: ['pdf'], load: async () => (await import('@distill/pdf')).pdfParser },
  {
    pkg: '@distill/office',
    formats: [
      'docx',
      'docm',
      'pptx',
      'pptm',
      'xlsx',
      'xlsm',
      'xlsb',
      'odt',
      'ods',
      'odp',
      'rtf',
      'csv',
      'doc',
      'xls',
      'ppt',
    ],
    load: async (f) => pick((await import('@distill/office')).officeParsers, f),
  },
  {
    pkg: '@distill/epub',
    formats: ['epub'],
    load: async (f) => pick((await import('@distill/epub')).epubParsers, f),
  },
];

// Importing `distill` (or `distill/internals`) registers every parser of this build with the
// default registry (registering twice is harmless); each loads when its first file comes.
for (const { pkg, formats, load } of LAZY_PARSERS)
  for (const f of formats) defaultRegistry.register(lazyParser(`${pkg}:${f}`, [f], () => load(f)));

// Tokenizers for the `chunks` format in tokens: gpt-tokenizer's encodings, each loaded on the
// first chunking that counts with it (o200k_base alone is a few megabytes of tables).
// Special-token strings in a document ("<|endoftext|>") are counted as the text they are:
// gpt-tokenizer refuses them by default, which would fail a document that quotes one.
type Encoding = { countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number };
const PLAIN = { disallowedSpecial: new Set<string>() };
const ENCODINGS: Record<TokenizerName, () => Promise<Encoding>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
  p50k_base: () => import('gpt-tokenizer/encoding/p50k_base'),
  r50k_base: () => import('gpt-tokenizer/encoding/r50k_base'),
};
for (const name of TOKENIZERS)
  registerTokenizer(name, async () => {
    const enc = await ENCODINGS[name]();
    return (text) => enc.countTokens(text, PLAIN);
  });
