import { constants, deflateRawSync, deflateSync, inflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nativeInflateRawSync, nativeInflateSync, nativeZlib } from './zlib-inflate.js';

// The native inflate must be Node's inflateSync to the byte and to the error: the PDF reader
// keeps what a damaged stream gives up to the damage, and tells a stream past its limit
// (ERR_BUFFER_TOO_LARGE) from a broken one.

/** A seeded generator, so a failure repeats. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sample(r: () => number): Uint8Array {
  const n = Math.floor(r() ** 3 * 200_000);
  const text = r() < 0.5;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = text ? 32 + Math.floor(r() * 8) * 11 : Math.floor(r() * 256);
  return out;
}

type Outcome = { bytes?: string; code?: string; failed?: boolean };

function outcome(f: () => Uint8Array | undefined): Outcome {
  try {
    const b = f();
    return b ? { bytes: Buffer.from(b).toString('base64') } : { failed: true };
  } catch (e) {
    const code = (e as { code?: string }).code;
    return code === 'ERR_BUFFER_TOO_LARGE' ? { code } : { code: `error:${(e as Error).message}` };
  }
}

describe('nativeInflateSync', () => {
  const n = nativeZlib();
  it.runIf(process.versions.node.startsWith('20.'))('is there on Node 20', () => {
    expect(n).not.toBeNull();
  });

  // Raw: deflate data without the zlib header, as some PDF writers leave it, and zlib data
  // read past its header, as the PDF reader retries a stream whose header or checksum is wrong.
  it.runIf(n !== null).each([
    { name: 'inflateSync', seed: 7, ours: nativeInflateSync, node: inflateSync, deflate: deflateSync },
    {
      name: 'inflateRawSync',
      seed: 11,
      ours: nativeInflateRawSync,
      node: inflateRawSync,
      deflate: (b: Uint8Array, o: { level: number }) =>
        o.level % 2 ? deflateRawSync(b, o) : deflateSync(b, o).subarray(2),
    },
  ])(
    'gives what zlib.$name gives: whole, truncated, damaged, over the limit',
    ({ seed, ours: inflate, node: nodeInflate, deflate }) => {
      const r = rng(seed);
      let cases = 0;
      const kinds = new Set<string>();
      for (let k = 0; k < 300; k++) {
        const plain = sample(r);
        let data: Uint8Array = deflate(plain, { level: Math.floor(r() * 10) });
        const damage = r();
        if (damage < 0.25) data = data.subarray(0, Math.floor(r() * data.length));
        else if (damage < 0.5) {
          data = Uint8Array.from(data);
          for (let j = 0; j < 3; j++) data[Math.floor(r() * data.length)] = Math.floor(r() * 256);
        } else if (damage < 0.6) data = Buffer.concat([data, Buffer.from('trailing garbage')]);
        // A view into a larger buffer, as the reader passes its streams.
        const padded = new Uint8Array(data.length + 10);
        padded.set(data, 5);
        const view = padded.subarray(5, 5 + data.length);
        for (const opts of [
          undefined,
          { maxOutputLength: 1 + Math.floor(r() * plain.length * 1.2) },
          { finishFlush: constants.Z_SYNC_FLUSH },
          { maxOutputLength: 1 + Math.floor(r() * 40_000), finishFlush: constants.Z_SYNC_FLUSH },
        ]) {
          const ours = outcome(() => inflate(n!, view, opts));
          const node = outcome(() => nodeInflate(view, opts));
          expect(ours, `case ${k} ${JSON.stringify(opts)}`).toEqual(node);
          kinds.add(node.bytes !== undefined ? 'bytes' : (node.code ?? '').replace(/:.*/, ''));
          cases++;
        }
      }
      expect(cases).toBe(1200);
      // Every outcome was met: bytes, the limit passed, and zlib's own errors.
      expect([...kinds].sort()).toEqual(['ERR_BUFFER_TOO_LARGE', 'bytes', 'error']);
    },
  );

  it.runIf(n !== null)('leaves options it does not answer to Node', () => {
    const data = deflateSync(Buffer.from('hello'));
    expect(nativeInflateSync(n!, data, { windowBits: -15 } as never)).toBeUndefined();
    expect(nativeInflateSync(n!, data, { maxOutputLength: 0 })).toBeUndefined();
    expect(nativeInflateSync(n!, data, { finishFlush: constants.Z_NO_FLUSH })).toBeUndefined();
  });
});
