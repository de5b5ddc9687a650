import { DistillError } from '@distill/core';

/** The parts of Word's File Information Block this reader uses. */
export interface Fib {
  nFib: number;
  encrypted: boolean;
  /** True when the table stream is `1Table` (else `0Table`). */
  table1: boolean;
  complex: boolean;
  fcMin: number;
  fcMac: number;
  ccpText: number;
  ccpFtn: number;
  /** CP counts of the other stories, in their order after the main text. */
  ccpHdd: number;
  ccpAtn: number;
  ccpEdn: number;
  ccpTxbx: number;
  /** fc/lcb pairs of FibRgFcLcb, by index. */
  fcLcb(index: number): { fc: number; lcb: number };
}

export const FC = {
  stshf: 1,
  plcffndRef: 2,
  plcffndTxt: 3,
  plcfBteChpx: 12,
  plcfBtePapx: 13,
  clx: 33,
  plfLst: 73,
  plfLfo: 74,
} as const;

export function readFib(w: Uint8Array): Fib {
  if (w.length < 0x20)
    throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: the Word stream is too short');
  const dv = new DataView(w.buffer, w.byteOffset, w.byteLength);
  const ident = dv.getUint16(0, true);
  if (ident !== 0xa5ec && ident !== 0xa5dc)
    throw new DistillError('FILE_CORRUPT', 'Unprocessable Entity: not a Word document (bad FIB signature)');
  const nFib = dv.getUint16(2, true);
  const flags = dv.getUint16(0x0a, true);
  const fib: Fib = {
    nFib,
    encrypted: (flags & 0x0100) !== 0,
    table1: (flags & 0x0200) !== 0,
    complex: (flags & 0x0004) !== 0,
    fcMin: dv.getUint32(0x18, true),
    fcMac: dv.getUint32(0x1c, true),
    ccpText: 0,
    ccpFtn: 0,
    ccpHdd: 0,
    ccpAtn: 0,
    ccpEdn: 0,
    ccpTxbx: 0,
    fcLcb: () => ({ fc: 0, lcb: 0 }),
  };
  if (nFib < 101) {
    // Word 6/95: ccpText sits at a fixed place and there is no FibRgFcLcb97.
    fib.ccpText = w.length >= 0x50 ? dv.getUint32(0x4c, true) : 0;
    return fib;
  }
  let p = 32;
  const csw = dv.getUint16(p, true);
  p += 2 + csw * 2;
  const cslw = dv.getUint16(p, true);
  const lw = p + 2;
  const lwAt = (i: number) => (i < cslw && lw + i * 4 + 4 <= w.length ? dv.getInt32(lw + i * 4, true) : 0);
  fib.ccpText = Math.max(0, lwAt(3));
  fib.ccpFtn = Math.max(0, lwAt(4));
  fib.ccpHdd = Math.max(0, lwAt(5));
  fib.ccpAtn = Math.max(0, lwAt(7));
  fib.ccpEdn = Math.max(0, lwAt(8));
  fib.ccpTxbx = Math.max(0, lwAt(9));
  p = lw + cslw * 4;
  const cb = p + 2 <= w.length ? dv.getUint16(p, true) : 0;
  const base = p + 2;
  fib.fcLcb = (i) =>
    i < cb && base + i * 8 + 8 <= w.length
      ? { fc: dv.getUint32(base + i * 8, true), lcb: dv.getUint32(base + i * 8 + 4, true) }
      : { fc: 0, lcb: 0 };
  return fib;
}
