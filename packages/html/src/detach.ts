/**
 * A copy of `s` that shares no storage with the string it was cut from. V8 keeps a substring
 * of 13 characters or more as a view into its parent (a sliced string), and the tokenizer cuts
 * text and attribute values out of the page's source (run-tokenizer.ts): a title or a link kept
 * after the page is done would keep the whole source alive for as long as it lives. Prefixing a
 * character makes a pair that slicing first flattens into a new string, and the slice of it holds
 * only that one (its length plus one character).
 */
export function detach(s: string): string {
  // Shorter substrings are copied by V8 already.
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

/** The metadata's strings (and lists of strings) detached from the page's source, in place. */
export function detachValues<T extends Record<string, unknown>>(o: T): T {
  const rec = o as Record<string, unknown>;
  for (const k of Object.keys(rec)) {
    const v = rec[k];
    if (typeof v === 'string') rec[k] = detach(v);
    else if (Array.isArray(v)) rec[k] = v.map((x) => (typeof x === 'string' ? detach(x) : x));
  }
  return o;
}
