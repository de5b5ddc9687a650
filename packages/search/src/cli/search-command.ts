import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type SearchRequestInput, toDistillError } from 'distill';
import { LocalIndexProvider } from '../local/local-provider.js';
import type { SearchProvider } from '../provider.js';
import { providerFromEnv } from '../providers/from-env.js';
import type { SearchResponse } from '../response.js';
import { search } from '../search.js';
import { defaultIndexDir } from './index-command.js';
import type { Io } from './io.js';

export const SEARCH_HELP = `Usage: distill search "<query>" [--index DIR] [--limit N] [--sources web,images]
                       [--scrape markdown] [--json] [options]

Searches a local index built by \`distill index\` (or the provider configured by
DISTILL_SEARXNG_URL / DISTILL_BRAVE_API_KEY). The query takes the operators "phrase", -word,
site:, filetype:, inurl:, allinurl:, intitle:, allintitle:, related:, imagesize:, larger:.

  --index DIR             the index (default: $DISTILL_INDEX, else ./.distill-index)
  --limit N               results per source, 1..100 (default 10)
  --sources LIST          web, images, news, catalogue (default web)
  --categories LIST       developer, research, pdf
  --scrape FORMATS        scrape every result into these formats (markdown, html, links, …)
  --tbs TBS               qdr:h|d|w|m|y, cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY, sbd:1
  --include-domains LIST  only these hostnames
  --exclude-domains LIST  never these hostnames
  --country CC            ISO country code (default US)
  --no-highlights         the provider's snippets instead of query-relevant sentences
  --catalogue FILE        tool catalogue JSON for the catalogue source and domain tools
  --json                  print the response body as JSON
`;

const list = (v: string | undefined) =>
  v
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function printHuman(io: Io, res: SearchResponse): void {
  const { web, images, news, tools } = res.data;
  web?.forEach((r, i) => {
    io.out(`${i + 1}. ${r.title}${r.category ? ` [${r.category}]` : ''}\n   ${r.url}\n`);
    if (r.description) io.out(`   ${r.description.replace(/\n/g, ' ')}\n`);
    if (r.metadata?.error) io.out(`   scrape failed: ${r.metadata.statusCode} ${r.metadata.error}\n`);
    if (typeof r.markdown === 'string') io.out(`\n${r.markdown.trim()}\n\n`);
  });
  if (images?.length) io.out(web ? '\nImages\n' : '');
  images?.forEach((r) => {
    const size = r.imageWidth && r.imageHeight ? ` (${r.imageWidth}×${r.imageHeight})` : '';
    io.out(`${r.position}. ${r.title}${size}\n   ${r.imageUrl}\n   on ${r.url}\n`);
  });
  if (news?.length) io.out('\nNews\n');
  for (const r of news ?? []) {
    io.out(`${r.position}. ${r.title}${r.date ? ` (${r.date})` : ''}\n   ${r.url}\n   ${r.snippet}\n`);
  }
  if (tools?.length) io.out('\nTools\n');
  for (const t of tools ?? []) io.out(`- ${t.id}: ${t.name} (${(t.matchedBy ?? []).join(', ')})\n`);
  const total = (web?.length ?? 0) + (images?.length ?? 0) + (news?.length ?? 0);
  if (!total && !tools?.length) io.out('no results\n');
}

export async function searchCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      index: { type: 'string' },
      limit: { type: 'string' },
      sources: { type: 'string' },
      categories: { type: 'string' },
      scrape: { type: 'string' },
      tbs: { type: 'string' },
      'include-domains': { type: 'string' },
      'exclude-domains': { type: 'string' },
      country: { type: 'string' },
      'no-highlights': { type: 'boolean' },
      catalogue: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SEARCH_HELP);
    return 0;
  }
  if (positionals.length === 0) {
    io.err(`distill search: no query given\n\n${SEARCH_HELP}`);
    return 2;
  }
  const request: SearchRequestInput = { query: positionals.join(' ') };
  if (values.limit !== undefined) request.limit = Number(values.limit);
  if (values.sources) request.sources = list(values.sources) as SearchRequestInput['sources'];
  if (values.categories) request.categories = list(values.categories) as SearchRequestInput['categories'];
  if (values.scrape) request.scrapeOptions = { formats: list(values.scrape) as never };
  if (values.tbs) request.tbs = values.tbs;
  if (values['include-domains']) request.includeDomains = list(values['include-domains']);
  if (values['exclude-domains']) request.excludeDomains = list(values['exclude-domains']);
  if (values.country) request.country = values.country;
  if (values['no-highlights']) request.highlights = false;

  let provider: SearchProvider | undefined;
  if (values.index) provider = new LocalIndexProvider(values.index);
  else provider = providerFromEnv();
  if (!provider && existsSync(defaultIndexDir())) provider = new LocalIndexProvider(defaultIndexDir());
  try {
    const res = await search(request, { provider, catalogue: values.catalogue });
    if (values.json) io.out(`${JSON.stringify(res, null, 2)}\n`);
    else {
      printHuman(io, res);
      if (res.warning) io.err(`warning: ${res.warning.replace(/\n/g, '\nwarning: ')}\n`);
    }
    return 0;
  } catch (e) {
    const err = toDistillError(e);
    if (values.json) io.out(`${JSON.stringify(err.toBody(), null, 2)}\n`);
    io.err(`distill search: ${err.code} (${err.status}) ${err.message}\n`);
    return err.status === 400 ? 2 : 1;
  }
}
