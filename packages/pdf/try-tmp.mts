import { readFileSync } from 'node:fs';
import { toMarkdown } from '../core/src/index.ts';
import { closeSharedOcrPool } from '../ocr/src/index.ts';
import { parsePdf } from './src/index.ts';

const [f, mode] = [process.argv[2], process.argv[3] as any];
const t = performance.now();
const doc = await parsePdf(new Uint8Array(readFileSync(f)), { mode, worker: false });
console.log('ms', Math.round(performance.now() - t), doc.metadata, doc.warnings, JSON.stringify(doc.pages));
console.log(toMarkdown(doc.blocks, {}).markdown.slice(0, 1500));
console.log(JSON.stringify(doc.blocks.slice(0, 3).map((b: any) => b.prov)));
