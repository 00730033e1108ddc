// QR codes are drawn in a worker, so the page's main thread never runs qrcode's mask scoring while it
// loads (a long task on a phone); where a worker cannot start or fails, on the page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QrReply, QrRequest } from './qr-code';

const drawnHere = vi.fn((text: string) => Promise.resolve(`here:${text}`));
vi.mock('qrcode', () => ({ toString: (text: string) => drawnHere(text) }));

/** A stand-in Worker: answers each request as told, or fails to load. */
function stubWorker(behaviour: 'answers' | 'fails' | 'cannot draw') {
  const started: string[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent<QrReply>) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    constructor(url: URL | string) {
      started.push(String(url));
    }
    postMessage({ id, text, options }: QrRequest) {
      expect(options).toEqual({ type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      setTimeout(() => {
        if (behaviour === 'fails') this.onerror?.(new Event('error'));
        else this.onmessage?.({ data: behaviour === 'answers' ? { id, markup: `worker:${text}` } : { id } } as MessageEvent<QrReply>);
      });
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return started;
}

const load = async () => (await import('./qr-code')).qrCodeSvg;

beforeEach(() => {
  vi.resetModules();
  drawnHere.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('qrCodeSvg', () => {
  it('draws in one worker, never on the page', async () => {
    const started = stubWorker('answers');
    const qrCodeSvg = await load();
    await expect(Promise.all([qrCodeSvg('https://a.example/booking/k'), qrCodeSvg('https://a.example/booking/k?package=p')])).resolves.toEqual([
      'worker:https://a.example/booking/k',
      'worker:https://a.example/booking/k?package=p',
    ]);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatch(/qr-code\.worker/);
    expect(drawnHere).not.toHaveBeenCalled();
  });

  it('draws on the page when the worker fails to load, and from then on', async () => {
    stubWorker('fails');
    const qrCodeSvg = await load();
    await expect(qrCodeSvg('one')).resolves.toBe('here:one');
    await expect(qrCodeSvg('two')).resolves.toBe('here:two');
    expect(drawnHere).toHaveBeenCalledTimes(2);
  });

  it('draws on the page what the worker could not', async () => {
    stubWorker('cannot draw');
    await expect((await load())('one')).resolves.toBe('here:one');
  });

  it('draws on the page where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    await expect((await load())('one')).resolves.toBe('here:one');
  });
});
