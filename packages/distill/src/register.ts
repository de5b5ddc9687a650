import { defaultRegistry, docPages, type FormatId, type ParserPlugin } from '@distill/core';

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
