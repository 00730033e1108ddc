// Bad input never reaches a 5xx or a crash: broken multipart bodies, overlong path ids, and the
// Idempotency-Key header's own form. Each case is sent by an anonymous client, as an attacker would.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api, signUpOwner, testAddress } from '../support/api';

const BOUNDARY = '----clinic-broken';

/** A multipart body whose file part never reaches its closing boundary (about 210 bytes). */
const unterminatedFilePart = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="a.png"',
  'Content-Type: image/png',
  '',
  '\x89PNG\r\n\x1a\n0000000000000000000000000000000000000000000000000000000000',
].join('\r\n');

async function rawPost(path: string, body: string, contentType: string) {
  const res = await fetch(`${inject('apiUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-forwarded-for': testAddress() },
    body,
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

describe('broken multipart bodies', () => {
  it('a file part without its closing boundary is a 400 on every public upload route, and the server keeps answering', async () => {
    expect(Buffer.byteLength(unterminatedFilePart)).toBeLessThan(260);
    for (const path of ['/public/appointments/book-custom', '/leads/forms/someform/files']) {
      const res = await rawPost(path, unterminatedFilePart, `multipart/form-data; boundary=${BOUNDARY}`);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('The upload could not be read. Please try again.');
    }
    // Still alive: a normal request right after is served.
    const alive = await api('GET', '/leads/forms/someform?apiKey=pk_nosuchkey');
    expect(alive.status).toBeLessThan(500);
  });

  it('a signed-in upload with a broken body is a 400 too', async () => {
    const owner = await signUpOwner('broken');
    const res = await fetch(`${inject('apiUrl')}/users/profile-picture`, {
      method: 'PATCH',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${owner.token}`, 'x-forwarded-for': testAddress() },
      body: unterminatedFilePart,
    });
    expect(res.status).toBe(400);
  });

  it('a multipart content type without a boundary is 415, and garbage after a boundary is 400', async () => {
    const noBoundary = await rawPost('/public/appointments/book-custom', 'x', 'multipart/form-data');
    expect(noBoundary.status).toBe(415);
    const garbage = await rawPost('/public/appointments/book-custom', `--${BOUNDARY}\r\nnot a header\r\n\r\n`, `multipart/form-data; boundary=${BOUNDARY}`);
    expect(garbage.status).toBe(400);
  });
});

describe('path ids', () => {
  it('an id over the bound is 404 before any read, on public and signed-in routes', async () => {
    const owner = await signUpOwner('longid');
    const long = 'a'.repeat(1100);
    const publicForm = await api('GET', `/leads/forms/${long}?apiKey=pk_x`);
    expect(publicForm.status).toBe(404);
    for (const path of [`/appointments/${long}`, `/customers/${long}`, `/bookings/booking/${long}`, `/form-builder/form/${long}`]) {
      const res = await api('GET', path, { token: owner.token });
      expect(res.status, path).toBe(404);
    }
    const justUnder = await api('GET', `/customers/${'a'.repeat(200)}`, { token: owner.token });
    expect(justUnder.status).toBe(404);
  });
});

describe('Idempotency-Key header', () => {
  it('is refused when empty-looking or too long, with a clear message', async () => {
    for (const key of ['x'.repeat(256), 'has space']) {
      const res = await api('POST', '/bookings/create-booking', { body: {}, headers: { 'idempotency-key': key } });
      expect(res.status, key).toBe(400);
      expect(res.body.message).toBe('The Idempotency-Key header must be 1 to 255 visible characters.');
    }
  });
});
