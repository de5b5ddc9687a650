/** Rough docx throughput over the corpora's docx files: node --conditions=source --import tsx packages/office/scripts/docx-speed.ts */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@distill/core';
import { CORPORA, registry } from '../src/ooxml/testing/corpus.js';

const dirs = [path.join(CORPORA, 'office/docling/docx/sources'), path.join(CORPORA, 'office/markitdown')];
const files = dirs.flatMap((d) =>
  readdirSync(d)
    .filter((f) => f.endsWith('.docx'))
    .map((f) => path.join(d, f)),
);
const inputs = files.map((f) => ({ f, b: new Uint8Array(readFileSync(f)) }));
const rounds = Number(process.argv[2] ?? 5);
let bytes = 0;
const cpu0 = process.cpuUsage();
for (let r = 0; r < rounds; r++)
  for (const { f, b } of inputs) {
    await parse(b, {}, { filename: f, registry });
    bytes += b.length;
  }
const cpu = process.cpuUsage(cpu0);
const sec = (cpu.user + cpu.system) / 1e6;
console.log(
  `${rounds * inputs.length} docx, ${(bytes / 1e6).toFixed(1)} MB in ${sec.toFixed(2)} s CPU: ${((rounds * inputs.length) / sec).toFixed(0)} docs/s, ${(bytes / 1e6 / sec).toFixed(1)} MB/s`,
);
