import { mapInlines } from '../model/build.js';
import type { Block, Inline } from '../model/types.js';
import { PII_ENTITIES, type PiiEntity, type RedactPiiOption } from '../options/scrape-options.js';

export interface RedactSettings {
  entities: readonly PiiEntity[];
  mode: 'replace' | 'mask' | 'remove';
  replacement: 'type' | 'redacted';
}

const PLACEHOLDER: Record<PiiEntity, string> = {
  email: '[EMAIL]',
  phone: '[PHONE]',
  creditCard: '[CREDIT_CARD]',
  iban: '[IBAN]',
  ip: '[IP_ADDRESS]',
  ssn: '[SSN]',
};

export function redactSettings(option: RedactPiiOption): RedactSettings | undefined {
  if (option === false) return undefined;
  if (option === true) return { entities: PII_ENTITIES, mode: 'replace', replacement: 'type' };
  return option;
}

function luhn(digits: string): boolean {
  let sum = 0;
  let alt = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (alt) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    alt = !alt;
  }
  return sum % 10 === 0;
}

function ibanValid(raw: string): boolean {
  const s = raw.replace(/\s+/g, '').toUpperCase();
  if (s.length < 15 || s.length > 34) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const val = code >= 65 ? String(code - 55) : ch;
    for (const d of val) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

interface Detector {
  entity: PiiEntity;
  pattern: RegExp;
  accept?: (match: string) => boolean;
}

/** Order matters: the checksummed and structured entities run before the loose phone pattern. */
const DETECTORS: Detector[] = [
  { entity: 'email', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g },
  {
    entity: 'iban',
    pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g,
    accept: ibanValid,
  },
  {
    entity: 'creditCard',
    pattern: /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g,
    accept: (m) => {
      const d = m.replace(/\D/g, '');
      return d.length >= 13 && d.length <= 19 && luhn(d);
    },
  },
  { entity: 'ssn', pattern: /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/g },
  {
    entity: 'ip',
    pattern: /(?<![\w.:])(?:(?:\d{1,3}\.){3}\d{1,3}|(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4})(?![\w.:])/g,
    accept: (m) => {
      // node:net loads only when an address-like run is met: loading it costs every command a few ms.
      const net = process.getBuiltinModule('node:net');
      return net.isIPv4(m) || (net.isIPv6(m) && /[0-9a-f]/i.test(m));
    },
  },
  {
    entity: 'phone',
    pattern: /(?<![\w+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,8}){1,4}(?![\w])/g,
    accept: (m) => {
      const digits = m.replace(/\D/g, '').length;
      if (digits < 7 || digits > 15) return false;
      // Dates and version-like numbers are not phone numbers.
      if (/^\d{3}-\d{2}-\d{4}$/.test(m)) return false; // SSN-shaped
      if (/^\d{4}-\d{2}-\d{2}$/.test(m) || /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(m)) return false;
      return m.startsWith('+') || m.includes('(') || /^\d{3}[ .-]\d{3}[ .-]\d{4}$/.test(m) || digits >= 9;
    },
  },
];

export function redactText(text: string, s: RedactSettings): string {
  let out = text;
  for (const d of DETECTORS) {
    if (!s.entities.includes(d.entity)) continue;
    out = out.replace(d.pattern, (m) => {
      if (d.accept && !d.accept(m)) return m;
      if (s.mode === 'remove') return '';
      if (s.mode === 'mask') return m.replace(/[A-Za-z0-9]/g, '*');
      return s.replacement === 'redacted' ? '[REDACTED]' : PLACEHOLDER[d.entity];
    });
  }
  return out;
}

/** Redacts personal data in every text of the model, and in mailto/tel links. */
export function redactPII(blocks: Block[], s: RedactSettings): Block[] {
  const fix = (nodes: Inline[]): Inline[] =>
    nodes.map((n) => {
      if (n.kind === 'text') return { ...n, text: redactText(n.text, s) };
      if (n.kind === 'code') return { ...n, text: redactText(n.text, s) };
      if (n.kind === 'link' && /^(mailto|tel):/i.test(n.href)) return { ...n, href: '' };
      return n;
    });
  const redacted = mapInlines(blocks, fix);
  return redacted.map((b) => (b.kind === 'code' ? { ...b, text: redactText(b.text, s) } : b));
}
