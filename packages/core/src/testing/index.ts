/**
 * Test helpers shared by the workspace's packages, at `@distill/core/testing`. The subpath has
 * only the dev condition (`distill-source`): it is not in the built package or its published
 * exports, so a consumer cannot come to depend on a ZIP writer that exists to build fixtures.
 */
export * from './corpora.js';
export * from './zip-writer.js';
