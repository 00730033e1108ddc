// Draws a QR code's SVG off the main thread (lib/qr-code.ts): choosing the code's mask scores eight
// candidate matrices, 60-80 ms of script for a booking page's address (one task of some 300 ms on a
// phone, Lighthouse mobile's 4x), on every page that shows the address block.
import { toString } from 'qrcode';
import type { QrReply, QrRequest } from './qr-code';

self.onmessage = ({ data }: MessageEvent<QrRequest>) => {
  toString(data.text, data.options).then(
    (markup) => self.postMessage({ id: data.id, markup } satisfies QrReply),
    () => self.postMessage({ id: data.id } satisfies QrReply),
  );
};
