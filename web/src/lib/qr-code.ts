// A QR code as SVG markup, drawn in a worker (qr-code.worker.ts) so the page's main thread stays free
// while it loads; on the page itself where no worker can start (jsdom, a refusing browser). qrcode
// loads with the first code drawn, not with every page that may show one.
import type { QRCodeToStringOptions } from 'qrcode';

/** How every QR code of the console is drawn (the download is this SVG). */
export const QR_OPTIONS = { type: 'svg', margin: 2, errorCorrectionLevel: 'M' } as const satisfies QRCodeToStringOptions;

export interface QrRequest {
  id: number;
  text: string;
  options: typeof QR_OPTIONS;
}
/** No markup: the worker could not draw it. */
export interface QrReply {
  id: number;
  markup?: string;
}

let worker: Worker | undefined;
let workerFailed = false;
let nextId = 0;
const waiting = new Map<number, (markup: string | undefined) => void>();

function startWorker(): Worker | undefined {
  if (worker || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./qr-code.worker.ts', import.meta.url), { type: 'module', name: 'qr-code' });
  } catch {
    return undefined;
  }
  worker.onmessage = ({ data }: MessageEvent<QrReply>) => {
    waiting.get(data.id)?.(data.markup);
    waiting.delete(data.id);
  };
  // A worker that failed to load or run: what it was asked is drawn on the page, and so is what follows.
  worker.onerror = () => {
    worker?.terminate();
    worker = undefined;
    for (const reply of waiting.values()) reply(undefined);
    waiting.clear();
    workerFailed = true;
  };
  return worker;
}

async function drawHere(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(text, QR_OPTIONS);
}

/** The SVG markup of `text`'s QR code. */
export async function qrCodeSvg(text: string): Promise<string> {
  const drawer = workerFailed ? undefined : startWorker();
  if (!drawer) return drawHere(text);
  const id = nextId++;
  const markup = await new Promise<string | undefined>((resolve) => {
    waiting.set(id, resolve);
    drawer.postMessage({ id, text, options: QR_OPTIONS } satisfies QrRequest);
  });
  return markup ?? drawHere(text);
}
