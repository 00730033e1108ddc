import { describe, expect, it } from 'vitest';
import { publicFormUrl, sameSiteUrl } from './return-url';

const app = 'https://app.clinic.example';

describe('payment return URLs', () => {
  it('accepts paths and absolute URLs on the app origin', () => {
    expect(sameSiteUrl('/thanks', app)).toBe('https://app.clinic.example/thanks');
    expect(sameSiteUrl('https://app.clinic.example/f/1?payment=success&session_id={CHECKOUT_SESSION_ID}', app)).toBe('https://app.clinic.example/f/1?payment=success&session_id={CHECKOUT_SESSION_ID}');
    expect(sameSiteUrl('/done/{CHECKOUT_SESSION_ID}', app)).toBe('https://app.clinic.example/done/{CHECKOUT_SESSION_ID}');
  });

  it('refuses other origins and tricks that leave the site', () => {
    for (const bad of ['https://evil.example/thanks', 'http://app.clinic.example/thanks', 'https://app.clinic.example.evil.example/', '//evil.example/x', '/\\evil.example', 'evil.example/x', 'javascript:alert(1)', 'https://app.clinic.example@evil.example/', '', ' ', '/a\nb']) {
      expect(sameSiteUrl(bad, app), bad).toBeUndefined();
    }
  });

  it('builds the default return to the public form page', () => {
    expect(publicFormUrl('f1', 'pk_abc', 'success', app)).toBe('https://app.clinic.example/form-builder/public/f1/pk_abc?payment=success&session_id={CHECKOUT_SESSION_ID}');
    expect(publicFormUrl('f1', 'pk_abc', 'cancelled', app)).toBe('https://app.clinic.example/form-builder/public/f1/pk_abc?payment=cancelled');
  });
});
