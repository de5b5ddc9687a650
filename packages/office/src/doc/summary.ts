import type { CfbFile, DocMetadata } from '@distill/core';
import { codepageDecoder } from '../rtf/codepage.js';

/**
 * Title, subject, author and keywords from the `\x05SummaryInformation` property set that
 * doc, xls and ppt files carry. Any inconsistency leaves the metadata empty.
 */
const PIDS: Record<number, keyof DocMetadata> = {
  2: 'title',
  3: 'subject',
  4: 'author',
  5: 'keywords',
  6: 'description',
};

export function summaryMetadata(cfb: CfbFile): DocMetadata {
  const name = '\x05SummaryInformation';
  if (!cfb.has(name)) return {};
  try {
    const b = cfb.read(name);
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    if (b.length < 48 || dv.getUint16(0, true) !== 0xfffe) return {};
    const sec = dv.getUint32(44, true);
    if (sec + 8 > b.length) return {};
    const count = Math.min(dv.getUint32(sec + 4, true), 256);
    const props = new Map<number, number>();
    for (let i = 0; i < count && sec + 16 + i * 8 <= b.length; i++)
      props.set(dv.getUint32(sec + 8 + i * 8, true), sec + dv.getUint32(sec + 12 + i * 8, true));
    let cp = 1252;
    const cpAt = props.get(1);
    if (cpAt !== undefined && cpAt + 6 <= b.length && dv.getUint32(cpAt, true) === 2)
      cp = dv.getUint16(cpAt + 4, true);
    const decode = codepageDecoder(cp === 1200 ? 1252 : cp);
    const out: DocMetadata = {};
    for (const [pid, key] of Object.entries(PIDS)) {
      const at = props.get(Number(pid));
      if (at === undefined || at + 8 > b.length) continue;
      const type = dv.getUint32(at, true);
      const n = dv.getUint32(at + 4, true);
      let v = '';
      if (type === 0x1e) v = decode(b.subarray(at + 8, Math.min(b.length, at + 8 + n)));
      else if (type === 0x1f)
        v = new TextDecoder('utf-16le').decode(b.subarray(at + 8, Math.min(b.length, at + 8 + n * 2)));
      v = v.replace(/\0[\s\S]*$/, '').trim();
      if (v) out[key] = v;
    }
    return out;
  } catch {
    return {};
  }
}
