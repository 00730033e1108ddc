import { describe, expect, it } from 'vitest';
import { normaliseEmail, normalisePhone } from './normalise';

describe('patient matching', () => {
  it('matches an email whatever its case and surrounding spaces', () => {
    expect(normaliseEmail('  Mia.Match@Example.COM ')).toBe('mia.match@example.com');
    expect(normaliseEmail('')).toBeNull();
    expect(normaliseEmail('not an email')).toBeNull();
    expect(normaliseEmail(undefined)).toBeNull();
  });

  it('writes a phone number in E.164, or not at all when its country is unknown', () => {
    expect(normalisePhone('+44 20 7946-0958')).toBe('+442079460958');
    expect(normalisePhone('0044 (20) 7946.0958')).toBe('+442079460958');
    expect(normalisePhone(' +15551234567 ')).toBe('+15551234567');
    expect(normalisePhone('020 7946 0958')).toBeNull();
    expect(normalisePhone('+12')).toBeNull();
    expect(normalisePhone(null)).toBeNull();
  });
});
