/**
 * RTF tokens, read from the bytes one at a time. The tokenizer keeps no nesting state, so
 * depth is only the reader's concern (it keeps an explicit stack).
 */
export type RtfToken =
  | { t: 'open' }
  | { t: 'close' }
  | { t: 'word'; word: string; param?: number }
  | { t: 'symbol'; ch: string }
  | { t: 'hex'; byte: number }
  | { t: 'bytes'; bytes: Uint8Array }
  | { t: 'bin'; bytes: Uint8Array };

const isAlpha = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const hexVal = (c: number) =>
  c >= 0x30 && c <= 0x39
    ? c - 0x30
    : c >= 0x61 && c <= 0x66
      ? c - 0x57
      : c >= 0x41 && c <= 0x46
        ? c - 0x37
        : -1;

export function* tokenize(b: Uint8Array): Generator<RtfToken> {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i];
    if (c === 0x7b) {
      i++;
      yield { t: 'open' };
    } else if (c === 0x7d) {
      i++;
      yield { t: 'close' };
    } else if (c === 0x5c) {
      const d = b[i + 1];
      if (d === undefined) break;
      if (isAlpha(d)) {
        let j = i + 1;
        while (j < n && j - i <= 32 && isAlpha(b[j])) j++;
        const word = String.fromCharCode(...b.subarray(i + 1, j));
        let param: number | undefined;
        if (j < n && (isDigit(b[j]) || (b[j] === 0x2d && isDigit(b[j + 1] ?? 0)))) {
          let k = j + 1;
          while (k < n && k - j < 11 && isDigit(b[k])) k++;
          param = Number(String.fromCharCode(...b.subarray(j, k)));
          j = k;
        }
        if (b[j] === 0x20) j++; // the delimiting space belongs to the control word
        i = j;
        if (word === 'bin' && param !== undefined && param > 0) {
          const end = Math.min(n, i + param);
          yield { t: 'bin', bytes: b.subarray(i, end) };
          i = end;
          continue;
        }
        yield { t: 'word', word, param };
      } else if (d === 0x27) {
        const h1 = hexVal(b[i + 2] ?? 0);
        const h2 = hexVal(b[i + 3] ?? 0);
        if (h1 >= 0 && h2 >= 0) {
          yield { t: 'hex', byte: h1 * 16 + h2 };
          i += 4;
        } else i += 2;
      } else if (d === 0x0a || d === 0x0d) {
        // A backslash before a line end is \par.
        i += 2;
        yield { t: 'word', word: 'par' };
      } else {
        i += 2;
        yield { t: 'symbol', ch: String.fromCharCode(d) };
      }
    } else if (c === 0x0a || c === 0x0d) {
      i++;
    } else {
      let j = i;
      while (j < n && b[j] !== 0x5c && b[j] !== 0x7b && b[j] !== 0x7d && b[j] !== 0x0a && b[j] !== 0x0d) j++;
      yield { t: 'bytes', bytes: b.subarray(i, j) };
      i = j;
    }
  }
}
