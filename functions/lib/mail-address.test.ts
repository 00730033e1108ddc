import { describe, expect, it } from 'vitest';
import { bareAddress, cleanDisplayName, isPlainAddress, withDisplayName } from './mail-address';
import { mailSenderOf } from '../data/organizations';

/** What a mail client shows of an RFC 2047 From header: the encoded-words decoded, the space between them dropped. */
function decodeDisplayName(header: string): string {
  const name = header.slice(0, header.lastIndexOf(' <'));
  return name.replace(/\?= =\?/g, '?==?').replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => `\u0000${b64}\u0000`)
    .split('\u0000').map((part, i) => (i % 2 ? Buffer.from(part, 'base64') : Buffer.from(part, 'utf8'))).reduce((a, b) => Buffer.concat([a, b]), Buffer.alloc(0)).toString('utf8');
}

describe('the sender of a clinic\u2019s mail (issue 34)', () => {
  it('puts the clinic\u2019s name on our own address, replacing the product\u2019s display name', () => {
    expect(withDisplayName('Sunrise Physio Berlin', 'Clinic Suite <no-reply@mail.example.com>')).toBe('"Sunrise Physio Berlin" <no-reply@mail.example.com>');
    expect(withDisplayName('Sunrise Physio Berlin', 'no-reply@mail.example.com')).toBe('"Sunrise Physio Berlin" <no-reply@mail.example.com>');
  });

  it('takes out quotes and line breaks (a name must not end the header or add one) and escapes a backslash', () => {
    const header = withDisplayName('Dr "Best" Clinic\r\nBcc: victim@example.com', 'no-reply@x.org');
    expect(header).toBe('"Dr Best Clinic Bcc: victim@example.com" <no-reply@x.org>');
    expect(header).not.toMatch(/[\r\n]/);
    expect(withDisplayName('A\\B', 'no-reply@x.org')).toBe('"A\\\\B" <no-reply@x.org>');
    expect(cleanDisplayName(' \t"\u2028 ')).toBe('');
    // Nothing left of the name: the product's sender as configured.
    expect(withDisplayName('""', 'Clinic Suite <no-reply@x.org>')).toBe('Clinic Suite <no-reply@x.org>');
  });

  it('encodes a name with non-ASCII letters as RFC 2047 encoded-words of at most 75 characters', () => {
    const header = withDisplayName('Clínica Sol "Süd"', 'no-reply@x.org');
    expect(header).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?= <no-reply@x\.org>$/);
    expect(decodeDisplayName(header)).toBe('Clínica Sol Süd');
    const long = 'عيادة الشروق للعلاج الطبيعي في برلين ومركز إعادة التأهيل';
    const longHeader = withDisplayName(long, 'no-reply@x.org');
    const words = longHeader.slice(0, longHeader.lastIndexOf(' <')).split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) expect(word.length).toBeLessThanOrEqual(75);
    expect(decodeDisplayName(longHeader)).toBe(long);
    expect(longHeader).toMatch(/^[\x20-\x7e]+$/);
  });

  it('replies go to the clinic\u2019s contact address, left out when a header could not carry it', () => {
    expect(mailSenderOf({ name: 'Sunrise', email: 'front-desk@sunrise.example ' })).toEqual({ name: 'Sunrise', replyTo: 'front-desk@sunrise.example' });
    expect(mailSenderOf({ name: 'Sunrise', email: 'a@b.example, evil@x.example' })).toEqual({ name: 'Sunrise' });
    expect(mailSenderOf({ name: 'Sunrise', email: '' })).toEqual({ name: 'Sunrise' });
    expect(isPlainAddress('x@y.example\r\nBcc: z@y.example')).toBe(false);
    expect(bareAddress('"Sunrise" <no-reply@x.org>')).toBe('no-reply@x.org');
  });
});
