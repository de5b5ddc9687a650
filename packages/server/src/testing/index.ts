/**
 * Test helpers of the server's crawl and state tests, shared with `pnpm bench crawl`, at
 * `@distill/server/testing`. The subpath has only the dev condition (`distill-source`): it is
 * not built or published, so no consumer comes to depend on a generated test site.
 */
export * from './crawl-site.js';
export * from './redis.js';
