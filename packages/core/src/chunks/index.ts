export { type Chunk, type ChunkOutput, type ChunkRegion, chunkMarkdown, Chunker } from './chunk.js';
export { loadTokenizer, registerTokenizer, type TokenCounter } from './tokenizers.js';
export type { Unit, UnitRef } from './units.js';
