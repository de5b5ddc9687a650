import {
  distillEngine,
  distillOcrEngine,
  distillOcrNativeEngine,
  distillOcrPaddleEngine,
  distillOcrTesseractEngine,
} from './distill.js';
import { htmlPeers } from './html-peers.js';
import { officePeers } from './office-peers.js';
import { liteparseOcr, pdfPeers } from './pdf-peers.js';
import type { Engine, Kind } from './types.js';

export const ALL_ENGINES: Engine[] = [
  distillEngine,
  distillOcrEngine,
  distillOcrTesseractEngine,
  distillOcrPaddleEngine,
  distillOcrNativeEngine,
  ...pdfPeers,
  liteparseOcr,
  ...htmlPeers,
  ...officePeers,
];

const OCR_VARIANTS = [
  distillOcrEngine,
  distillOcrTesseractEngine,
  distillOcrPaddleEngine,
  distillOcrNativeEngine,
];

/**
 * Engines run by default for a kind: distill first, then the peers (OCR variants only on request;
 * speed-only reference points left out of quality runs).
 */
export function enginesFor(kind: Kind, purpose: 'quality' | 'speed' = 'quality'): Engine[] {
  return ALL_ENGINES.filter(
    (e) =>
      e.kinds.includes(kind) &&
      e !== liteparseOcr &&
      !OCR_VARIANTS.includes(e) &&
      (purpose === 'speed' || !e.speedOnly),
  );
}

export function engineByName(name: string): Engine | undefined {
  return ALL_ENGINES.find((e) => e.name === name);
}
