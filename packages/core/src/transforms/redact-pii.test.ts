import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../emit/markdown.js';
import { paragraph } from '../model/build.js';
import { redactPII, redactSettings, redactText } from './redact-pii.js';

const all = redactSettings(true)!;

describe('redactPII', () => {
  it('replaces each entity by a typed placeholder', () => {
    expect(redactText('Write to jane.doe+news@example.co.uk today', all)).toBe('Write to [EMAIL] today');
    expect(redactText('Call +1 (415) 555-0132 or 415-555-0199.', all)).toBe('Call [PHONE] or [PHONE].');
    expect(redactText('Ruf an: +49 30 1234567', all)).toBe('Ruf an: [PHONE]');
    expect(redactText('Card 4111 1111 1111 1111 expires', all)).toBe('Card [CREDIT_CARD] expires');
    expect(redactText('IBAN DE89 3704 0044 0532 0130 00 please', all)).toBe('IBAN [IBAN] please');
    expect(redactText('GB82WEST12345698765432', all)).toBe('[IBAN]');
    expect(redactText('from 192.168.10.254 and 2001:db8::8a2e:370:7334', all)).toBe(
      'from [IP_ADDRESS] and [IP_ADDRESS]',
    );
    expect(redactText('SSN 123-45-6789.', all)).toBe('SSN [SSN].');
  });

  it('leaves look-alikes that fail their checksum or shape', () => {
    expect(redactText('Order 4111 1111 1111 1112 shipped', all)).toBe('Order 4111 1111 1111 1112 shipped');
    expect(redactText('DE00 3704 0044 0532 0130 00', all)).not.toContain('[IBAN]');
    expect(redactText('on 2024-05-17 at 10:30:45, version 1.2.3, 999.1.1.1', all)).toBe(
      'on 2024-05-17 at 10:30:45, version 1.2.3, 999.1.1.1',
    );
    expect(redactText('SSN 000-12-3456', all)).toBe('SSN 000-12-3456');
    expect(redactText('in 2023 sales rose 12%', all)).toBe('in 2023 sales rose 12%');
  });

  it('picks entities and the replacement style from the object form', () => {
    const emailOnly = redactSettings({ mode: 'replace', entities: ['email'], replacement: 'type' })!;
    expect(redactText('a@b.io 192.168.0.1', emailOnly)).toBe('[EMAIL] 192.168.0.1');
    const redacted = redactSettings({ mode: 'replace', entities: ['email', 'ip'], replacement: 'redacted' })!;
    expect(redactText('a@b.io 192.168.0.1', redacted)).toBe('[REDACTED] [REDACTED]');
    const mask = redactSettings({ mode: 'mask', entities: ['ssn'], replacement: 'type' })!;
    expect(redactText('123-45-6789', mask)).toBe('***-**-****');
  });

  it('works on the model, including links to mailto', () => {
    const blocks = redactPII(
      [
        paragraph([
          { kind: 'link', href: 'mailto:a@b.io', children: [{ kind: 'text', text: 'a@b.io' }] },
          { kind: 'text', text: ' or 555-123-4567' },
        ]),
      ],
      all,
    );
    expect(toMarkdown(blocks).markdown).toBe(
      '[\\[EMAIL\\]]() or [PHONE]\n'.replace('[\\[EMAIL\\]]()', '[[EMAIL]]()'),
    );
  });

  it('is off for false', () => {
    expect(redactSettings(false)).toBeUndefined();
  });
});
