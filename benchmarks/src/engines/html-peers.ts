import type { Engine } from './types.js';
import { decodeUtf8, pkgVersion } from './util.js';

type TurndownLike = { turndown: (html: string) => string };
let td: TurndownLike | undefined;
async function turndown(): Promise<TurndownLike> {
  if (!td) {
    const { default: TurndownService } = await import('turndown');
    td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  }
  return td;
}

const turndownEngine: Engine = {
  name: 'turndown',
  cacheable: true,
  kinds: ['html'],
  version: async () => pkgVersion('turndown'),
  convert: async ({ bytes }) => (await turndown()).turndown(decodeUtf8(bytes)),
};

const nhmEngine: Engine = {
  name: 'node-html-markdown',
  cacheable: true,
  kinds: ['html'],
  version: async () => pkgVersion('node-html-markdown'),
  convert: async ({ bytes }) => {
    const { NodeHtmlMarkdown } = await import('node-html-markdown');
    return NodeHtmlMarkdown.translate(decodeUtf8(bytes));
  },
};

const readabilityEngine: Engine = {
  name: 'readability+turndown',
  cacheable: true,
  kinds: ['html'],
  version: async () =>
    `readability ${pkgVersion('@mozilla/readability')}, linkedom ${pkgVersion('linkedom')}`,
  convert: async ({ bytes }) => {
    const { parseHTML } = await import('linkedom');
    const { Readability } = await import('@mozilla/readability');
    const { document } = parseHTML(decodeUtf8(bytes));
    const article = new Readability(document as never).parse();
    return article?.content ? (await turndown()).turndown(article.content) : '';
  },
};

const defuddleEngine: Engine = {
  name: 'defuddle',
  cacheable: true,
  kinds: ['html'],
  version: async () => `${pkgVersion('defuddle')} (linkedom DOM)`,
  convert: async ({ bytes }) => {
    const { parseHTML } = await import('linkedom');
    const { Defuddle } = await import('defuddle/node');
    const { document } = parseHTML(decodeUtf8(bytes));
    const r = await Defuddle(document as never, 'https://example.com/', { markdown: true });
    return r.content ?? '';
  },
};

/**
 * The floor: parse5 building its tree from the decoded page and nothing else. Issue 4 asks that
 * distill, filter and Markdown included, take at most twice its time.
 */
const parse5Engine: Engine = {
  name: 'parse5',
  kinds: ['html'],
  speedOnly: true,
  version: async () => `${pkgVersion('parse5')} (parse only, the floor)`,
  convert: async ({ bytes }) => {
    const { parse } = await import('parse5');
    parse(decodeUtf8(bytes));
    return '';
  },
};

export const htmlPeers: Engine[] = [
  turndownEngine,
  nhmEngine,
  readabilityEngine,
  defuddleEngine,
  parse5Engine,
];
export { turndown };
