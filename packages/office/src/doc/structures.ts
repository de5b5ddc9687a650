import { decodeCp1252 } from '../rtf/codepage.js';

/**
 * Word binary structures: the piece table (text and CP→FC mapping), paragraph properties
 * from the FKPs, the style sheet (built-in style ids and outline levels) and list formats.
 * Every read is bounds-checked; a bad offset yields nothing rather than an exception.
 */
const u16 = (b: Uint8Array, o: number) => (o + 2 <= b.length ? b[o] | (b[o + 1] << 8) : 0);
const u32 = (b: Uint8Array, o: number) => (o + 4 <= b.length ? (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0 : 0);

export interface Piece {
  cpStart: number;
  cpEnd: number;
  fc: number;
  compressed: boolean;
}

/** The piece table of the CLX (skipping its Prc entries). */
export function readPieces(table: Uint8Array, fc: number, lcb: number): Piece[] {
  const clx = table.subarray(fc, Math.min(table.length, fc + lcb));
  let p = 0;
  while (p < clx.length && clx[p] === 0x01) {
    const cb = u16(clx, p + 1);
    p += 3 + cb;
  }
  if (clx[p] !== 0x02) return [];
  const size = u32(clx, p + 1);
  const plc = clx.subarray(p + 5, Math.min(clx.length, p + 5 + size));
  const n = Math.floor((plc.length - 4) / 12);
  const pieces: Piece[] = [];
  for (let i = 0; i < n; i++) {
    const cpStart = u32(plc, i * 4);
    const cpEnd = u32(plc, (i + 1) * 4);
    const pcd = (n + 1) * 4 + i * 8;
    const raw = u32(plc, pcd + 2);
    const compressed = (raw & 0x40000000) !== 0;
    const fcv = compressed ? (raw & 0x3fffffff) / 2 : raw;
    if (cpEnd > cpStart) pieces.push({ cpStart, cpEnd, fc: fcv, compressed });
  }
  return pieces;
}

/** The text of CPs [from, to) through the piece table. */
export function pieceText(word: Uint8Array, pieces: Piece[], from: number, to: number): string {
  let out = '';
  for (const pc of pieces) {
    const a = Math.max(from, pc.cpStart);
    const b = Math.min(to, pc.cpEnd);
    if (a >= b) continue;
    if (pc.compressed) {
      const s = pc.fc + (a - pc.cpStart);
      out += decodeCp1252(word.subarray(s, Math.min(word.length, s + (b - a))));
    } else {
      const s = pc.fc + (a - pc.cpStart) * 2;
      const bytes = word.subarray(s, Math.min(word.length, s + (b - a) * 2));
      out += new TextDecoder('utf-16le').decode(bytes.subarray(0, bytes.length & ~1));
    }
  }
  return out;
}

/** The FC (byte position in WordDocument) of a CP. */
export function cpToFc(pieces: Piece[], cp: number): number | undefined {
  for (const pc of pieces)
    if (cp >= pc.cpStart && cp < pc.cpEnd) return pc.fc + (cp - pc.cpStart) * (pc.compressed ? 1 : 2);
  return undefined;
}

/** Paragraph properties that matter here. */
export interface ParaProps {
  istd: number;
  inTable: boolean;
  ttp: boolean;
  itap: number;
  innerTtp: boolean;
  innerCell: boolean;
  ilfo: number;
  ilvl: number;
  outline?: number;
}

export const emptyProps = (): ParaProps => ({
  istd: 0,
  inTable: false,
  ttp: false,
  itap: 0,
  innerTtp: false,
  innerCell: false,
  ilfo: 0,
  ilvl: 0,
});

/** Operand size of a sprm (spra), or -1 for variable (length prefix). */
function operandSize(sprm: number, g: Uint8Array, p: number): number {
  switch (sprm >> 13) {
    case 0:
    case 1:
      return 1;
    case 2:
    case 4:
    case 5:
      return 2;
    case 3:
      return 4;
    case 7:
      return 3;
    default:
      if (sprm === 0xd608 || sprm === 0xc615) {
        // sprmTDefTable and sprmPChgTabs carry a 2-byte (or special) length.
        if (sprm === 0xd608) return u16(g, p) + 1;
        const cb = g[p];
        return cb === 255
          ? 1 + (g[p + 1] ?? 0) * 4 + 1 + (g[p + 2 + (g[p + 1] ?? 0) * 4] ?? 0) * 3 + 1
          : cb + 1;
      }
      return (g[p] ?? 0) + 1;
  }
}

/** Applies paragraph sprms of a grpprl to props. */
export function applySprms(g: Uint8Array, props: ParaProps): void {
  let p = 0;
  let guard = 0;
  while (p + 2 <= g.length && guard++ < 10000) {
    const sprm = u16(g, p);
    p += 2;
    const size = operandSize(sprm, g, p);
    const v = g[p] ?? 0;
    switch (sprm) {
      case 0x2416:
        props.inTable = v !== 0;
        break;
      case 0x2417:
        props.ttp = v !== 0;
        break;
      case 0x6649:
        props.itap = u32(g, p);
        break;
      case 0x244c:
        props.innerTtp = v !== 0;
        break;
      case 0x244b:
        props.innerCell = v !== 0;
        break;
      case 0x460b:
        props.ilfo = u16(g, p);
        break;
      case 0x260a:
        props.ilvl = v;
        break;
      case 0x2640:
        props.outline = v;
        break;
      default:
        break;
    }
    p += size;
  }
}

/**
 * Walks the runs of the formatting FKPs (512-byte pages) a PlcBte points at, each page once:
 * `visit(page, crun, k)` for run k of a page holding crun runs.
 */
function forEachFkpRun(
  word: Uint8Array,
  table: Uint8Array,
  fc: number,
  lcb: number,
  visit: (page: Uint8Array, crun: number, k: number) => void,
): void {
  const plc = table.subarray(fc, Math.min(table.length, fc + lcb));
  const n = Math.floor((plc.length - 4) / 8);
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) {
    const pn = u32(plc, (n + 1) * 4 + i * 4) & 0x3fffff;
    if (seen.has(pn)) continue;
    seen.add(pn);
    const page = word.subarray(pn * 512, pn * 512 + 512);
    if (page.length < 512) continue;
    const crun = page[511];
    for (let k = 0; k < crun; k++) visit(page, crun, k);
  }
}

/** Paragraph property runs from the PAPX FKPs, as [fcStart, fcEnd, props]. */
export function readPapx(
  word: Uint8Array,
  table: Uint8Array,
  fc: number,
  lcb: number,
): [number, number, ParaProps][] {
  const out: [number, number, ParaProps][] = [];
  forEachFkpRun(word, table, fc, lcb, (page, crun, k) => {
    const fcA = u32(page, k * 4);
    const fcB = u32(page, (k + 1) * 4);
    const bOff = page[(crun + 1) * 4 + k * 13] * 2;
    const props = emptyProps();
    if (bOff > 0 && bOff < 511) {
      let cb = page[bOff];
      let start = bOff + 1;
      let size: number;
      if (cb === 0) {
        cb = page[bOff + 1];
        start = bOff + 2;
        size = cb * 2;
      } else size = cb * 2 - 1;
      const papx = page.subarray(start, Math.min(511, start + size));
      props.istd = u16(papx, 0);
      applySprms(papx.subarray(2), props);
    }
    out.push([fcA, fcB, props]);
  });
  out.sort((a, b) => a[0] - b[0]);
  return out;
}

/** Finds the props of the run holding `fc` (binary search). */
export function propsAt(runs: [number, number, ParaProps][], fc: number): ParaProps | undefined {
  let lo = 0;
  let hi = runs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = runs[mid];
    if (fc < r[0]) hi = mid - 1;
    else if (fc >= r[1]) lo = mid + 1;
    else return r[2];
  }
  return undefined;
}

export interface StyleInfo {
  sti: number;
  name: string;
  outline?: number;
  basedOn: number;
}

/** The style sheet: built-in id, name and outline level of each paragraph style. */
export function readStyles(table: Uint8Array, fc: number, lcb: number): StyleInfo[] {
  const s = table.subarray(fc, Math.min(table.length, fc + lcb));
  const cbStshi = u16(s, 0);
  const cstd = u16(s, 2);
  const cbBase = u16(s, 4) || 10;
  let p = 2 + cbStshi;
  const out: StyleInfo[] = [];
  for (let i = 0; i < cstd && p + 2 <= s.length; i++) {
    const cb = u16(s, p);
    const std = s.subarray(p + 2, Math.min(s.length, p + 2 + cb));
    p += 2 + cb;
    if (cb === 0) {
      out.push({ sti: 0xfff, name: '', basedOn: 0xfff });
      continue;
    }
    const sti = u16(std, 0) & 0x0fff;
    const stk = u16(std, 2) & 0x000f;
    const basedOn = (u16(std, 2) >> 4) & 0x0fff;
    let q = cbBase;
    const cch = u16(std, q);
    const name = new TextDecoder('utf-16le').decode(
      std.subarray(q + 2, Math.min(std.length, q + 2 + cch * 2)),
    );
    q += 2 + cch * 2 + 2;
    const info: StyleInfo = { sti, name, basedOn };
    if (stk === 1 && q + 2 <= std.length) {
      // Paragraph style: the first UPX is the PAPX (istd, then sprms).
      const cbUpx = u16(std, q);
      const props = emptyProps();
      applySprms(std.subarray(q + 4, Math.min(std.length, q + 2 + cbUpx)), props);
      info.outline = props.outline;
    }
    out.push(info);
  }
  return out;
}

/** Whether a (list format, level) is numbered: from PlfLst and PlfLfo. */
export function readListKinds(
  table: Uint8Array,
  lst: { fc: number; lcb: number },
  lfo: { fc: number; lcb: number },
): (ilfo: number, ilvl: number) => boolean {
  const byLsid = new Map<number, number[]>();
  const l = table.subarray(lst.fc, Math.min(table.length, lst.fc + lst.lcb));
  const cLst = u16(l, 0);
  const lstfs: { lsid: number; simple: boolean }[] = [];
  for (let i = 0; i < cLst; i++) {
    const o = 2 + i * 28;
    if (o + 28 > l.length) break;
    lstfs.push({ lsid: u32(l, o) | 0, simple: (l[o + 26] & 1) === 1 });
  }
  // The LVLs follow all LSTFs, in order: 1 per simple list, 9 otherwise.
  let p = 2 + cLst * 28;
  for (const f of lstfs) {
    const nfcs: number[] = [];
    for (let k = 0; k < (f.simple ? 1 : 9) && lst.fc + p + 28 <= table.length; k++) {
      const lvl = table.subarray(lst.fc + p);
      nfcs.push(lvl[4]);
      const cbChpx = lvl[24];
      const cbPapx = lvl[25];
      p += 28 + cbPapx + cbChpx;
      const cch = u16(table, lst.fc + p);
      p += 2 + cch * 2;
    }
    byLsid.set(f.lsid, nfcs);
  }
  const lf = table.subarray(lfo.fc, Math.min(table.length, lfo.fc + lfo.lcb));
  const count = u32(lf, 0);
  const lfoLsid: number[] = [];
  for (let i = 0; i < count && 4 + i * 16 + 4 <= lf.length; i++) lfoLsid.push(u32(lf, 4 + i * 16) | 0);
  return (ilfo, ilvl) => {
    const nfcs = byLsid.get(lfoLsid[ilfo - 1]);
    const nfc = nfcs?.[Math.min(ilvl, nfcs.length - 1)];
    return nfc !== undefined && nfc !== 23 && nfc !== 0xff;
  };
}

/** A PLC of CPs (n+1 CPs then n data items of `cbData`): the CPs only. */
export function plcCps(table: Uint8Array, fc: number, lcb: number, cbData: number): number[] {
  const plc = table.subarray(fc, Math.min(table.length, fc + lcb));
  const n = Math.floor((plc.length - 4) / (4 + cbData));
  const out: number[] = [];
  for (let i = 0; i <= n; i++) out.push(u32(plc, i * 4));
  return n > 0 ? out : [];
}

/** Character formatting bits kept per CP: bold, italic, strike, superscript, subscript. */
export const CHP = { bold: 1, italic: 2, strike: 4, sup: 8, sub: 16 } as const;

/** Character formatting runs from the CHPX FKPs, as [fcStart, fcEnd, bits]. */
export function readChpx(
  word: Uint8Array,
  table: Uint8Array,
  fc: number,
  lcb: number,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  forEachFkpRun(word, table, fc, lcb, (page, crun, k) => {
    const off = page[(crun + 1) * 4 + k] * 2;
    let bits = 0;
    if (off > 0 && off < 511) {
      const cb = page[off];
      const g = page.subarray(off + 1, Math.min(511, off + 1 + cb));
      let p = 0;
      let guard = 0;
      while (p + 2 <= g.length && guard++ < 1000) {
        const sprm = u16(g, p);
        p += 2;
        const size = operandSize(sprm, g, p);
        const v = g[p] ?? 0;
        // 0x80 keeps the style's value and 0x81 flips it; styles are not tracked, so 0x81 = on.
        const on = v === 1 || v === 0x81;
        if (sprm === 0x0835 && on) bits |= CHP.bold;
        else if (sprm === 0x0836 && on) bits |= CHP.italic;
        else if ((sprm === 0x0837 || sprm === 0x2a53) && on) bits |= CHP.strike;
        else if (sprm === 0x2a48) bits |= v === 1 ? CHP.sup : v === 2 ? CHP.sub : 0;
        p += size;
      }
    }
    out.push([u32(page, k * 4), u32(page, (k + 1) * 4), bits]);
  });
  out.sort((a, b) => a[0] - b[0]);
  return out;
}

/** Formatting bits for each CP of [0, cpEnd), through the pieces. */
export function formatByCp(pieces: Piece[], runs: [number, number, number][], cpEnd: number): Uint8Array {
  const out = new Uint8Array(cpEnd);
  if (runs.length === 0) return out;
  for (const pc of pieces) {
    const w = pc.compressed ? 1 : 2;
    const a = pc.cpStart;
    const b = Math.min(cpEnd, pc.cpEnd);
    if (a >= b) continue;
    const fcA = pc.fc;
    const fcB = pc.fc + (b - a) * w;
    // First run that ends after fcA.
    let lo = 0;
    let hi = runs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (runs[mid][1] <= fcA) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < runs.length && runs[k][0] < fcB; k++) {
      const [ra, rb, bits] = runs[k];
      if (!bits) continue;
      const cpa = a + Math.max(0, Math.ceil((ra - fcA) / w));
      const cpb = a + Math.min(b - a, Math.ceil((rb - fcA) / w));
      out.fill(bits, Math.max(a, cpa), Math.min(b, cpb));
    }
  }
  return out;
}
