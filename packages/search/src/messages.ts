/**
 * The answer when search has no provider, shared by `distill serve` (/v2/search and
 * /v2/health) and `distill mcp` (its search tool), so both tell a user the same way out. Its
 * own entry point (`@distill/search/messages`): the server states it on health without
 * loading the search engine.
 */
export const NO_SEARCH_PROVIDER =
  'Not Implemented: no search provider is configured. Build a local index with `distill index <folder> --index <dir>` and start `distill serve` or `distill mcp` with `--index <dir>` (or DISTILL_INDEX), or point it at SearXNG (DISTILL_SEARXNG_URL; `distill serve --searxng-url`) or Brave (DISTILL_BRAVE_API_KEY; `distill serve --brave-api-key`)';
