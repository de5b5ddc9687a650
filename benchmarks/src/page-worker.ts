// Child-process entry for page-pool.ts: converts one page per message with one engine, so the
// parent can kill it when a page runs past its time (a synchronous hang cannot be raced away).
import { engineByName } from './engines/registry.js';
import type { InputFile } from './inputs.js';
import { loadInput } from './inputs.js';

export interface PageRequest {
  i: number;
  file: InputFile;
}
export interface PageReply {
  i: number;
  markdown?: string;
  error?: string;
  ms: number;
}
export interface PageHello {
  version: string;
}

const errText = (e: unknown) =>
  e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);

async function main() {
  const engine = engineByName(process.argv[2]);
  if (!engine) throw new Error(`unknown engine ${process.argv[2]}`);
  const send = (m: PageReply | PageHello) => process.send?.(m);
  // One small page first, so the engine's lazy imports are not charged to the first real page's
  // time limit.
  const warm = new TextEncoder().encode('<html><body><article><p>Warm up.</p></article></body></html>');
  await engine.convert({ path: 'warm.html', bytes: warm, filename: 'warm.html' }).catch(() => {});
  send({ version: await engine.version() });
  process.on('message', async (req: PageRequest | 'close') => {
    if (req === 'close') {
      await engine.close?.();
      process.exit(0);
    }
    const t = performance.now();
    try {
      const markdown = await engine.convert(loadInput(req.file));
      send({ i: req.i, markdown, ms: performance.now() - t });
    } catch (e) {
      send({ i: req.i, error: errText(e), ms: performance.now() - t });
    }
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
