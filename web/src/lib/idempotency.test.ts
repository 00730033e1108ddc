import { describe, expect, it } from 'vitest';
import { fingerprintOf, idempotencyKeys } from './idempotency';

describe('idempotency keys of the public pages', () => {
  it('gives the same key for the same content, a new one when it changes, and a new one after forget', () => {
    let n = 0;
    const keys = idempotencyKeys(() => `key-${++n}`);
    const first = keys.keyFor({ email: 'pat@example.com', items: [1, 2] });
    expect(keys.keyFor({ items: [1, 2], email: 'pat@example.com' })).toBe(first);
    const changed = keys.keyFor({ email: 'pat@example.com', items: [1, 3] });
    expect(changed).not.toBe(first);
    keys.forget();
    expect(keys.keyFor({ email: 'pat@example.com', items: [1, 2] })).not.toBe(first);
  });

  it('tells files and form data apart by their content description', () => {
    const file = new File(['abc'], 'card.png', { type: 'image/png', lastModified: 1 });
    const same = new File(['abc'], 'card.png', { type: 'image/png', lastModified: 1 });
    const other = new File(['abcd'], 'card.png', { type: 'image/png', lastModified: 1 });
    expect(fingerprintOf(file)).toBe(fingerprintOf(same));
    expect(fingerprintOf(file)).not.toBe(fingerprintOf(other));
    const form = (f: File) => {
      const data = new FormData();
      data.append('email', 'pat@example.com');
      data.append('insuranceCardImage', f, f.name);
      return data;
    };
    expect(fingerprintOf(form(file))).toBe(fingerprintOf(form(same)));
    expect(fingerprintOf(form(file))).not.toBe(fingerprintOf(form(other)));
  });

  it('makes UUID keys', () => {
    expect(idempotencyKeys().keyFor('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
