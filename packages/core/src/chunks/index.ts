export { type Chunk, Chunker, type ChunkOutput, type ChunkRegion, chunkMarkdown } from './chunk.js';
export { loadTokenizer, registerTokenizer, type TokenCounter } from './tokenizers.js';
export type { Unit, UnitRef } from './units.js';
