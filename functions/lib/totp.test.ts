// TOTP as RFC 6238 specifies it (the RFC's SHA-1 test vector), with one step of drift either side.
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpStep } from './totp';

// RFC 6238 appendix B: the ASCII secret "12345678901234567890", T = 59 s gives 94287082 (8 digits),
// so its last 6 digits at step 1.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp', () => {
  it('accepts the RFC test vector and names its time step', () => {
    expect(totpStep(RFC_SECRET, '287082', 59_000)).toBe(1);
  });

  it('allows one step of drift either side, no more', () => {
    expect(totpStep(RFC_SECRET, '287082', 59_000 + 30_000)).toBe(1);
    expect(totpStep(RFC_SECRET, '287082', 59_000 - 30_000)).toBe(1);
    expect(totpStep(RFC_SECRET, '287082', 59_000 + 60_000)).toBeUndefined();
  });

  it('refuses anything but six digits', () => {
    for (const code of ['28708', '2870821', 'abcdef', '']) expect(totpStep(RFC_SECRET, code, 59_000)).toBeUndefined();
  });

  it('makes 160-bit secrets and an otpauth URI an app can scan', () => {
    const { secret, uri } = newTotpSecret('olive@example.com');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Clinic%20Suite:olive%40example.com?issuer=Clinic%20Suite&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
  });
});
