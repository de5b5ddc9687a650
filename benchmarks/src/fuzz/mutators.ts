import { inflateRawSync } from 'node:zlib';
import { ZIP_LAYOUT } from '@distill/core';
import { makeZip } from '@distill/core/testing';
import type { Rng } from './rng.js';

/**
 * Structure-aware mutators. Each takes the seed's bytes and returns a mutated copy plus the
 * name of what it did (so the report can say which mutators find what). A structural mutator
 * that does not apply to the input (no ZIP directory, no PDF xref...) falls back to bytes.
 */
export interface Mutation {
  bytes: Uint8Array;
  mutator: string;
}

/** Largest mutated input (some mutators make huge lines or deep nesting on purpose). */
export const MAX_CASE_BYTES = 24 * 1024 * 1024;

const latin1 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const fromLatin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

// ---------------------------------------------------------------- bytes

export function mutateBytes(b: Uint8Array, rng: Rng): Mutation {
  const out = new Uint8Array(b);
  const n = b.length;
  if (n === 0) return { bytes: new Uint8Array([rng.int(256)]), mutator: 'bytes.insert' };
  switch (rng.int(7)) {
    case 0: {
      const k = rng.size(64);
      for (let i = 0; i < k; i++) out[rng.int(n)] ^= 1 << rng.int(8);
      return { bytes: out, mutator: 'bytes.flip' };
    }
    case 1: {
      const start = rng.int(n);
      const len = Math.min(n - start, rng.size(4096));
      const v = rng.pick([0, 0xff, 0x7f, 0x80, rng.int(256)]);
      const random = rng.chance(0.5);
      for (let i = start; i < start + len; i++) out[i] = random ? rng.int(256) : v;
      return { bytes: out, mutator: 'bytes.range' };
    }
    case 2:
      return { bytes: b.slice(0, rng.int(n)), mutator: 'bytes.truncate' };
    case 3: {
      const start = rng.int(n);
      const len = Math.min(n - start, rng.size(65536));
      const times = rng.size(64);
      const chunk = b.subarray(start, start + len);
      const parts = [b.subarray(0, start + len)];
      for (let i = 0; i < times && (i + 2) * len < MAX_CASE_BYTES; i++) parts.push(chunk);
      parts.push(b.subarray(start + len));
      return { bytes: new Uint8Array(Buffer.concat(parts)), mutator: 'bytes.duplicate' };
    }
    case 4: {
      const start = rng.int(n);
      const len = Math.min(n - start, rng.size(65536));
      return {
        bytes: new Uint8Array(Buffer.concat([b.subarray(0, start), b.subarray(start + len)])),
        mutator: 'bytes.delete',
      };
    }
    case 5: {
      // Interesting 32-bit values at a random aligned offset (sizes, counts, offsets).
      const at = rng.int(Math.max(1, n - 4)) & ~3;
      const v = rng.pick([0, 1, 0x7fffffff, 0xffffffff, 0xfffffffe, 0x80000000, n, n + 1, rng.int(2 ** 32)]);
      if (at + 4 <= n) new DataView(out.buffer).setUint32(at, v >>> 0, rng.chance(0.5));
      return { bytes: out, mutator: 'bytes.int32' };
    }
    default: {
      const at = rng.int(n);
      const ins = new Uint8Array(rng.size(1024)).map(() => rng.int(256));
      return {
        bytes: new Uint8Array(Buffer.concat([b.subarray(0, at), ins, b.subarray(at)])),
        mutator: 'bytes.insert',
      };
    }
  }
}

// ---------------------------------------------------------------- XML / markup text

const ENTITY_TRICKS = [
  // billion laughs
  `<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]>`,
  // external entities
  '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY % p SYSTEM "http://127.0.0.1:1/x.dtd">%p;]>',
  // quadratic blowup
  `<!DOCTYPE r [<!ENTITY q "${'q'.repeat(50_000)}">]>`,
];
const ENTITY_REFS = ['&j;', '&xxe;', '&q;'.repeat(2000), '&#xFFFFFFFF;', '&#0;', '&undefined;', '&#55296;'];

/** Mutates XML or HTML text: tags left open, huge attributes, deep nesting, entity tricks. */
export function mutateMarkup(s: string, rng: Rng, html = false): { text: string; mutator: string } {
  const tags = [...s.matchAll(/<([A-Za-z_][\w:.-]*)[^<>]*>/g)];
  const at = tags.length > 0 ? rng.pick(tags) : undefined;
  const pos = at?.index ?? rng.int(s.length + 1);
  const name = at?.[1] ?? (html ? 'div' : 'x');
  switch (rng.int(8)) {
    case 0: {
      // unclosed: drop a '>' or a closing tag
      const closes = [...s.matchAll(/<\/[^>]+>/g)];
      if (closes.length > 0 && rng.chance(0.5)) {
        const c = rng.pick(closes);
        return { text: s.slice(0, c.index) + s.slice(c.index! + c[0].length), mutator: 'markup.unclosed' };
      }
      const gt = s.indexOf('>', pos);
      return { text: gt < 0 ? `${s}<${name}` : s.slice(0, gt) + s.slice(gt + 1), mutator: 'markup.unclosed' };
    }
    case 1: {
      const v = rng
        .pick(['x', '"', '&amp;', ' ', '\u00e9'])
        .repeat(rng.heavy([1000, 10_000], [1_000_000, 4_000_000]));
      const gt = s.indexOf('>', pos);
      const ins = ` huge="${v}"`;
      return {
        text: gt < 0 ? `${s}<${name}${ins}>` : s.slice(0, gt) + ins + s.slice(gt),
        mutator: 'markup.huge-attribute',
      };
    }
    case 2: {
      const depth = rng.heavy([100, 1000, 5000], [10_000, 100_000]);
      const inner = rng.pick([name, html ? 'div' : 'x', html ? 'table' : name]);
      const open = html && inner === 'table' ? '<table><tr><td>' : `<${inner}>`;
      const close = html && inner === 'table' ? '</td></tr></table>' : `</${inner}>`;
      const end = at ? pos + at[0].length : pos;
      return {
        text:
          s.slice(0, end) +
          open.repeat(depth) +
          'deep' +
          (rng.chance(0.7) ? close.repeat(depth) : '') +
          s.slice(end),
        mutator: 'markup.deep-nesting',
      };
    }
    case 3: {
      const decl = rng.pick(ENTITY_TRICKS);
      const body = s.replace(/^\s*<\?xml[^>]*\?>/, '');
      const xmlDecl = s.match(/^\s*<\?xml[^>]*\?>/)?.[0] ?? '';
      const withRef = body.replace(/>([^<]{1,40})</, (_m, t) => `>${t}${rng.pick(ENTITY_REFS)}<`);
      return { text: xmlDecl + decl + withRef, mutator: 'markup.entities' };
    }
    case 4: {
      const ref = rng.pick(ENTITY_REFS);
      const lt = s.indexOf('<', pos + 1);
      const p = lt < 0 ? s.length : lt;
      return { text: s.slice(0, p) + ref + s.slice(p), mutator: 'markup.entity-ref' };
    }
    case 5: {
      const p = rng.int(s.length + 1);
      return { text: s.slice(0, p), mutator: 'markup.truncate' };
    }
    case 6: {
      // an enormous text run
      const run = rng
        .pick(['word ', 'x', '\u4e2d', ' ', '\t\n'])
        .repeat(rng.heavy([1000, 50_000], [2_000_000]));
      const gt = s.indexOf('>', pos);
      const p = gt < 0 ? s.length : gt + 1;
      return { text: s.slice(0, p) + run + s.slice(p), mutator: 'markup.huge-text' };
    }
    default: {
      // duplicate an element many times (siblings instead of depth)
      if (!at) return { text: s + '<x/>'.repeat(100_000), mutator: 'markup.siblings' };
      const end = s.indexOf(`</${name}>`, pos);
      const el = end > 0 && end - pos < 100_000 ? s.slice(pos, end + name.length + 3) : at[0];
      const times = rng.heavy([10, 100, 1000], [10_000, 100_000]);
      const rep = el.repeat(
        Math.max(1, Math.min(times, Math.floor(MAX_CASE_BYTES / 2 / Math.max(1, el.length)))),
      );
      return { text: s.slice(0, pos) + rep + s.slice(pos), mutator: 'markup.siblings' };
    }
  }
}

// ---------------------------------------------------------------- ZIP containers

interface ZipMember {
  name: string;
  data: Uint8Array;
}

const { local: L, central: C, end: E } = ZIP_LAYOUT;

/** Reads a ZIP's members through its central directory (stored and deflated only). */
export function readZip(b: Uint8Array): ZipMember[] | undefined {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  let eocd = -1;
  for (let i = buf.length - E.size; i >= Math.max(0, buf.length - E.size - E.maxComment); i--)
    if (buf.readUInt32LE(i) === E.signature) {
      eocd = i;
      break;
    }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + E.entries);
  let p = buf.readUInt32LE(eocd + E.directoryOffset);
  const out: ZipMember[] = [];
  try {
    for (let k = 0; k < count; k++) {
      if (buf.readUInt32LE(p) !== C.signature) return undefined;
      const method = buf.readUInt16LE(p + C.method);
      const csize = buf.readUInt32LE(p + C.compressedSize);
      const nlen = buf.readUInt16LE(p + C.nameLength);
      const xlen = buf.readUInt16LE(p + C.extraLength);
      const clen = buf.readUInt16LE(p + C.commentLength);
      const local = buf.readUInt32LE(p + C.localHeaderOffset);
      const name = buf.subarray(p + C.size, p + C.size + nlen).toString('utf8');
      const lnlen = buf.readUInt16LE(local + L.nameLength);
      const lxlen = buf.readUInt16LE(local + L.extraLength);
      const start = local + L.size + lnlen + lxlen;
      const raw = buf.subarray(start, start + csize);
      const data =
        method === ZIP_LAYOUT.methodDeflate
          ? inflateRawSync(raw, { maxOutputLength: 64 * 1024 * 1024 })
          : method === ZIP_LAYOUT.methodStored
            ? raw
            : undefined;
      if (!data) return undefined;
      out.push({ name, data: new Uint8Array(data) });
      p += C.size + nlen + xlen + clen;
    }
  } catch {
    return undefined;
  }
  return out;
}

/**
 * Writes members as an honest ZIP (deflated unless `stored`) with the repository's writer;
 * the central-directory lies are patched in afterwards at ZIP_LAYOUT's offsets.
 */
export function writeZip(members: ZipMember[], stored = false): Uint8Array {
  return makeZip(
    members.map((m): [string, Uint8Array] => [m.name, m.data]),
    !stored,
  );
}

const isMarkupName = (n: string) => /\.(xml|rels|opf|ncx|xhtml|html?|svg)$/i.test(n) || n === 'mimetype';

export function mutateZip(b: Uint8Array, rng: Rng): Mutation {
  const members = readZip(b);
  if (!members || members.length === 0) return mutateBytes(b, rng);
  const which = rng.int(7);
  if (which <= 2) {
    // entry data mutated and re-zipped; markup parts get markup mutations
    const preferred = members.filter((m) =>
      /document|sheet|slide|content|spine|\.opf|workbook|styles/i.test(m.name),
    );
    const m = rng.chance(0.8) && preferred.length > 0 ? rng.pick(preferred) : rng.pick(members);
    let mutator: string;
    if (isMarkupName(m.name) && rng.chance(0.8)) {
      const r = mutateMarkup(Buffer.from(m.data).toString('utf8'), rng, /html?$/i.test(m.name));
      m.data = new Uint8Array(Buffer.from(r.text, 'utf8'));
      mutator = `zip.entry.${r.mutator}`;
    } else {
      const r = mutateBytes(m.data, rng);
      m.data = r.bytes;
      mutator = `zip.entry.${r.mutator}`;
    }
    return { bytes: writeZip(members, rng.chance(0.2)), mutator };
  }
  if (which === 3) {
    const i = rng.int(members.length);
    members.splice(i, 1);
    return { bytes: writeZip(members), mutator: 'zip.missing-member' };
  }
  if (which === 4) {
    const m = rng.pick(members);
    const dup = { name: m.name, data: rng.chance(0.5) ? m.data : new Uint8Array(Buffer.from('<bad/>')) };
    members.splice(rng.int(members.length + 1), 0, dup);
    return { bytes: writeZip(members), mutator: 'zip.duplicate-member' };
  }
  // central-directory lies
  const out = writeZip(members, rng.chance(0.3));
  const buf = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  const eocd = buf.length - E.size;
  const cdStart = buf.readUInt32LE(eocd + E.directoryOffset);
  const entries: number[] = [];
  for (
    let p = cdStart;
    p < eocd && buf.readUInt32LE(p) === C.signature;
    p += C.size + buf.readUInt16LE(p + C.nameLength)
  )
    entries.push(p);
  const e = rng.pick(entries);
  const lie = rng.int(6);
  const big = rng.pick([0, 1, 0x7fffffff, 0xffffffff, rng.int(2 ** 32)]);
  if (lie === 0) buf.writeUInt32LE(big >>> 0, e + C.compressedSize);
  else if (lie === 1) buf.writeUInt32LE(big >>> 0, e + C.uncompressedSize);
  else if (lie === 2) buf.writeUInt32LE(big >>> 0, e + C.localHeaderOffset);
  else if (lie === 3) buf.writeUInt16LE(rng.pick([0, 1, 12, 99, 0xffff]), e + C.method);
  else if (lie === 4) buf.writeUInt16LE(rng.pick([0, 0xffff, entries.length + 5]), eocd + E.entries);
  else buf.writeUInt32LE(rng.pick([0, 0xffffffff, cdStart + 1, buf.length]) >>> 0, eocd + E.directoryOffset);
  return {
    bytes: out,
    mutator: `zip.cd-lie.${['csize', 'usize', 'offset', 'method', 'count', 'cdoffset'][lie]}`,
  };
}

// ---------------------------------------------------------------- PDF objects

export function mutatePdf(b: Uint8Array, rng: Rng): Mutation {
  let s = latin1(b);
  const replaceOne = (re: RegExp, f: (m: RegExpExecArray) => string): boolean => {
    const all = [...s.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))];
    if (all.length === 0) return false;
    const m = rng.pick(all);
    s = s.slice(0, m.index) + f(m as RegExpExecArray) + s.slice(m.index! + m[0].length);
    return true;
  };
  const which = rng.int(9);
  let ok = false;
  let mutator = '';
  switch (which) {
    case 0:
      mutator = 'pdf.xref-offset';
      ok = replaceOne(
        /startxref\s+(\d+)/,
        () => `startxref\n${rng.pick([0, 1, rng.int(b.length), b.length + 100, 99999999999])}`,
      );
      if (rng.chance(0.5))
        ok =
          replaceOne(
            /(\d{10}) (\d{5}) n/,
            () => `${String(rng.int(b.length + 1000)).padStart(10, '0')} 00000 n`,
          ) || ok;
      break;
    case 1:
      mutator = 'pdf.length';
      ok = replaceOne(
        /\/Length (\d+)/,
        () => `/Length ${rng.pick([0, 1, -5, 2 ** 31, 99999999999, rng.int(100_000)])}`,
      );
      break;
    case 2:
      mutator = 'pdf.filter';
      ok = replaceOne(
        /\/Filter\s*\/\w+/,
        () =>
          `/Filter ${rng.pick(['/LZWDecode', '/ASCII85Decode', '/ASCIIHexDecode', '/RunLengthDecode', '/DCTDecode', '/JBIG2Decode', '/Crypt', '/Bogus', '[/FlateDecode /FlateDecode]', '[/ASCIIHexDecode /FlateDecode]'])}`,
      );
      break;
    case 3: {
      mutator = 'pdf.prev-loop';
      const sx = /startxref\s+(\d+)/.exec(s);
      ok = replaceOne(/trailer\s*<</, (m) => `${m[0]} /Prev ${sx ? sx[1] : rng.int(b.length)} `);
      if (!ok) ok = replaceOne(/\/Type\s*\/XRef/, (m) => `${m[0]} /Prev ${sx ? sx[1] : 0}`);
      break;
    }
    case 4: {
      mutator = 'pdf.page-tree-cycle';
      const pages = /(\d+) 0 obj\s*<<[^>]*\/Type\s*\/Pages/.exec(s);
      const self = pages ? pages[1] : '1';
      ok = replaceOne(/\/Kids\s*\[/, (m) => `${m[0]}${self} 0 R `);
      if (rng.chance(0.5))
        ok = replaceOne(/\/Parent\s+\d+ 0 R/, () => `/Parent ${rng.pick([self, '1', '2', '3'])} 0 R`) || ok;
      break;
    }
    case 5:
      mutator = 'pdf.image-dimensions';
      ok = replaceOne(/\/Width\s+\d+/, () => `/Width ${rng.pick([100000, 0, -1, 2 ** 31])}`);
      ok = replaceOne(/\/Height\s+\d+/, () => `/Height ${rng.pick([100000, 0, -1, 2 ** 31])}`) || ok;
      if (rng.chance(0.3))
        ok =
          replaceOne(/\/BitsPerComponent\s+\d+/, () => `/BitsPerComponent ${rng.pick([0, 3, 16, 64])}`) || ok;
      break;
    case 6: {
      mutator = 'pdf.deep-array';
      const depth = rng.heavy([100, 1000], [100_000]);
      const open = rng.chance(0.5) ? '[' : '<<';
      const close = open === '[' ? ']' : '>>';
      const inner = open === '[' ? '' : '/A ';
      ok = replaceOne(
        /(\d+) 0 obj\s*<</,
        (m) =>
          `${m[0]} /Deep ${(inner ? `<<${inner}` : '[').repeat(depth)}1${close.repeat(rng.chance(0.7) ? depth : 0)} `,
      );
      break;
    }
    case 7: {
      mutator = 'pdf.ref-swap';
      ok = replaceOne(/(\d+) 0 R/, () => `${rng.pick([0, 1, 999999, 2 ** 31])} ${rng.pick([0, 65535])} R`);
      break;
    }
    default:
      mutator = 'pdf.content-stream';
      // an enormous run of text operators in a fresh stream appended as an incremental update is
      // costly to build correctly; instead corrupt operators in place where they are visible
      ok = replaceOne(
        /BT([\s\S]{0,200}?)ET/,
        (m) => `BT${m[1]}${' (x) Tj'.repeat(rng.heavy([10, 1000], [200_000]))} ET`,
      );
      if (!ok) ok = replaceOne(/\bTf\b/, () => rng.pick(['Tf Tf', 'Tj', '[', '<<']));
  }
  if (!ok) return mutateBytes(b, rng);
  return { bytes: fromLatin1(s), mutator };
}

// ---------------------------------------------------------------- CFB (doc, xls, ppt)

export function mutateCfb(b: Uint8Array, rng: Rng): Mutation {
  if (b.length < 512) return mutateBytes(b, rng);
  const out = new Uint8Array(b);
  const dv = new DataView(out.buffer);
  const sectorSize = 1 << dv.getUint16(0x1e, true);
  if (sectorSize !== 512 && sectorSize !== 4096) return mutateBytes(b, rng);
  const numFat = Math.min(109, dv.getUint32(0x2c, true));
  const fatSectors = Array.from({ length: numFat }, (_, i) => dv.getUint32(0x4c + i * 4, true));
  const interesting = () =>
    rng.pick([0, 1, 0xfffffffe, 0xffffffff, 0xfffffffd, rng.int(b.length / sectorSize + 4)]);
  switch (rng.int(6)) {
    case 0: {
      // FAT chain: a loop, a jump out of the table, or an early end
      const fs = fatSectors.length > 0 ? rng.pick(fatSectors) : 0;
      const base = (fs + 1) * sectorSize;
      const k = rng.size(32);
      for (let i = 0; i < k; i++) {
        const at = base + rng.int(sectorSize / 4) * 4;
        if (at + 4 <= out.length) dv.setUint32(at, interesting() >>> 0, true);
      }
      return { bytes: out, mutator: 'cfb.fat-chain' };
    }
    case 1:
      dv.setUint16(0x1e, rng.pick([0, 7, 9, 12, 13, 16, 31, 0xffff]), true);
      if (rng.chance(0.5)) dv.setUint16(0x20, rng.pick([0, 6, 9, 15, 32]), true);
      return { bytes: out, mutator: 'cfb.sector-size' };
    case 2: {
      const field = rng.pick([0x2c, 0x30, 0x38, 0x3c, 0x40, 0x44, 0x48]);
      dv.setUint32(field, interesting() >>> 0, true);
      return { bytes: out, mutator: 'cfb.header-field' };
    }
    case 3: {
      // truncated inside a FAT sector, at a length not a multiple of 4 (finding 1)
      const fs = fatSectors.length > 0 ? rng.pick(fatSectors) : 0;
      const cut = Math.min(
        b.length - 1,
        (fs + 1) * sectorSize + rng.int(sectorSize / 4) * 4 + rng.pick([1, 2, 3]),
      );
      return { bytes: b.slice(0, Math.max(1, cut)), mutator: 'cfb.truncate-in-fat' };
    }
    case 4: {
      // a directory entry's start sector or size
      const dirStart = dv.getUint32(0x30, true);
      const base = (dirStart + 1) * sectorSize + rng.int(sectorSize / 128) * 128;
      if (base + 128 <= out.length) {
        dv.setUint32(base + rng.pick([116, 120, 68, 72, 76]), interesting() >>> 0, true);
        if (rng.chance(0.3)) out[base + 66] = rng.int(8);
      }
      return { bytes: out, mutator: 'cfb.directory' };
    }
    default: {
      // a stream's bytes (record headers of the Word/Excel/PowerPoint streams)
      const r = mutateBytes(b.subarray(512), rng);
      return {
        bytes: new Uint8Array(Buffer.concat([b.subarray(0, 512), r.bytes])),
        mutator: `cfb.${r.mutator}`,
      };
    }
  }
}

// ---------------------------------------------------------------- CSV, HTML, RTF text

export function mutateCsv(b: Uint8Array, rng: Rng): Mutation {
  const s = Buffer.from(b).toString('utf8');
  const p = rng.int(s.length + 1);
  switch (rng.int(6)) {
    case 0:
      return {
        bytes: enc(s.slice(0, p) + rng.pick(['"', '"""', '","', '"\n"', '\\"']) + s.slice(p)),
        mutator: 'csv.quoting',
      };
    case 1:
      return {
        bytes: enc(
          s.slice(0, p) +
            rng.pick(['a,', '"x",', ';', '\t']).repeat(rng.heavy([100, 10_000], [1_000_000, 5_000_000])) +
            s.slice(p),
        ),
        mutator: 'csv.enormous-line',
      };
    case 2:
      return {
        bytes: enc(`${s}${'1,2,3\n'.repeat(rng.heavy([1000, 10_000], [600_000]))}`),
        mutator: 'csv.many-rows',
      };
    case 3:
      return { bytes: enc(`"${s.replace(/"/g, '')}`), mutator: 'csv.unterminated-quote' };
    case 4:
      return {
        bytes: enc(s.replace(/\n/g, () => rng.pick(['\r', '\r\n', '\n\n', '\u2028', '\0']))),
        mutator: 'csv.line-ends',
      };
    default:
      return mutateBytes(b, rng);
  }
}

export function mutateRtf(b: Uint8Array, rng: Rng): Mutation {
  const s = latin1(b);
  const p = rng.int(s.length + 1);
  const n = rng.heavy([100, 1000], [50_000]);
  const ins = rng.pick([
    '{'.repeat(n * 2),
    `${'{\\b '.repeat(n)}x${'}'.repeat(n)}`,
    '\\bin999999999 ',
    '\\u-99999999?',
    '\\fonttbl',
    `{\\*\\pict\\pngblip ${'ff'.repeat(n * 2)}}`,
    '\\par'.repeat(n * 4),
    '\\trowd\\cellx1000'.repeat(n),
    '}'.repeat(1000),
  ]);
  if (rng.chance(0.3)) return mutateBytes(b, rng);
  return { bytes: fromLatin1(s.slice(0, p) + ins + s.slice(p)), mutator: 'rtf.groups' };
}

const enc = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

/** The mutator family for a file extension, mixed with plain byte mutations. */
export function mutate(ext: string, b: Uint8Array, rng: Rng): Mutation {
  if (rng.chance(0.2)) return mutateBytes(b, rng);
  let m: Mutation;
  switch (ext) {
    case 'pdf':
      m = mutatePdf(b, rng);
      break;
    case 'doc':
    case 'xls':
    case 'ppt':
      m = mutateCfb(b, rng);
      break;
    case 'csv':
      m = mutateCsv(b, rng);
      break;
    case 'rtf':
      m = mutateRtf(b, rng);
      break;
    case 'html':
    case 'htm':
    case 'xhtml': {
      const r = mutateMarkup(Buffer.from(b).toString('utf8'), rng, ext !== 'xhtml');
      m = { bytes: enc(r.text), mutator: r.mutator.replace('markup', 'html') };
      break;
    }
    default:
      m = mutateZip(b, rng);
  }
  if (m.bytes.length > MAX_CASE_BYTES)
    m = { bytes: m.bytes.subarray(0, MAX_CASE_BYTES), mutator: `${m.mutator}+cut` };
  // Sometimes stack a second mutation.
  if (rng.chance(0.15)) {
    const second = mutateBytes(m.bytes, rng);
    return { bytes: second.bytes, mutator: `${m.mutator}+${second.mutator}` };
  }
  return m;
}
