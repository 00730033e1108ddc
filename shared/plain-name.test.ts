import { describe, expect, it } from 'vitest';
import { PLAIN_NAME_MAX, greeting, plainName } from './plain-name';

describe('plainName', () => {
  it('keeps real names as typed', () => {
    expect(plainName('Ana')).toBe('Ana');
    expect(plainName("Seán O'Brien-Müller")).toBe("Seán O'Brien-Müller");
    expect(plainName('  Zoë   Dubois ')).toBe('Zoë Dubois');
    expect(plainName('Dr. Li')).toBe('Dr Li');
    expect(plainName('José María')).toBe('José María');
    expect(plainName('Ярослава')).toBe('Ярослава');
  });

  it.each([
    ['Visit http://evil.example', 'Visit'],
    ['Visit https://evil.example/path?x=1 now', 'Visit now'],
    ['hxxp://evil[.]com', ''],
    ['hxxps evil', 'evil'],
    ['example.com', ''],
    ['visit evil.com', 'visit'],
    ['www evil', 'evil'],
    ['wwwevilcom', ''],
    ['Ana evil.COM', 'Ana'],
    ['evil.co.uk/free', ''],
    ['1.2.3.4', ''],
    ['me@evil.example', ''],
    ['<a href=x>Ana</a>', ''],
    ['Ana<b>', ''],
    ['mailto:ana', ''],
    ['evil(dot)com', ''],
    ['evil [.] com', 'evil com'],
    ['evil .com', 'evil'],
    // Unicode lookalikes of a dot, fullwidth letters, invisible characters inside a domain.
    ['evil\u3002com', ''],
    ['evil\uff0ecom', ''],
    ['evil\u2024com', ''],
    ['evil\u00b7com', ''],
    ['evil\ufe52com', ''],
    ['ｅｖｉｌ．ｃｏｍ', ''],
    ['evil\u200b.\u200bcom', ''],
    ['ｈｔｔｐ', ''],
  ])('drops the link in %j', (typed, expected) => {
    expect(plainName(typed)).toBe(expected);
  });

  it('drops newlines and control characters that would start a line of its own', () => {
    expect(plainName('Ana\n\nClaim your prize')).toBe('Ana Claim your prize');
    expect(plainName('Ana\r\nBcc')).toBe('Ana Bcc');
    expect(plainName('Ana\u0000\u0007')).toBe('Ana');
  });

  it('keeps only letters, apostrophes and hyphens of a word', () => {
    expect(plainName('Ana123 $$$ 50% off')).toBe('Ana off');
    expect(plainName('--- Ana ---')).toBe('Ana');
  });

  it(`truncates to ${PLAIN_NAME_MAX} characters at a word`, () => {
    const long = 'Maximiliana '.repeat(8);
    const name = plainName(long);
    expect([...name].length).toBeLessThanOrEqual(PLAIN_NAME_MAX);
    expect(name.startsWith('Maximiliana Maximiliana Maximiliana')).toBe(true);
    expect(plainName('A'.repeat(100))).toBe('A'.repeat(PLAIN_NAME_MAX));
  });

  it('leaves nothing when nothing sensible remains', () => {
    expect(plainName('')).toBe('');
    expect(plainName(undefined)).toBe('');
    expect(plainName('12345')).toBe('');
    expect(plainName('http://evil.example')).toBe('');
  });
});

describe('greeting', () => {
  it('greets by the plain name, or without one', () => {
    expect(greeting('Ana')).toBe('Hello Ana,');
    expect(greeting('evil.com')).toBe('Hello,');
    expect(greeting(undefined)).toBe('Hello,');
  });
});
