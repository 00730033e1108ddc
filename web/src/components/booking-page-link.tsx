// The public booking page's address for the staff console: the full link with Copy and Open, and a QR
// code (with a download to print) for the clinic's desk or flyers. Optionally for one package
// (?package=<id>) or one practitioner (?practitioner=<id>). Console only: the address needs the
// organisation's key, which only the owner may read (GET /organization/integration), so for anyone
// else the block shows nothing.
import { useEffect, useId, useRef, useState } from 'react';
import { qrCodeSvg } from '../lib/qr-code';
import { useRoles } from '../lib/roles';
import { Loading } from './loading';
import { useApi } from '../lib/swr';

/** The same swr key as the organisation page's key card, so a replaced key shows here at once. */
const INTEGRATION_KEY = '/organization/integration';

export interface BookingPageTarget {
  /** Opens the page with this package chosen. */
  packageId?: string;
  /** Opens the page with this practitioner chosen. */
  practitionerId?: string;
}

/** The booking page's absolute address (its path is PUBLIC_PAGES' `booking`: /booking/<apiKey>). */
export function bookingPageUrl(apiKey: string, { packageId, practitionerId }: BookingPageTarget = {}, origin = window.location.origin): string {
  const query = new URLSearchParams();
  if (packageId) query.set('package', packageId);
  if (practitionerId) query.set('practitioner', practitionerId);
  const search = query.toString();
  return `${origin}/booking/${encodeURIComponent(apiKey)}${search ? `?${search}` : ''}`;
}

/** The organisation's key for the booking page's address: asked for only when the member is the owner. */
export function useBookingPageKey() {
  const { isOwner, loading } = useRoles();
  const enabled = isOwner && !loading;
  const { data, error, isLoading } = useApi(enabled ? INTEGRATION_KEY : null, { shouldRetryOnError: false, revalidateOnFocus: false });
  return { enabled, apiKey: data?.apiKey, error: error as Error | undefined, isLoading: enabled && isLoading };
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard; the state says how it went for a few seconds (shown in a status). */
function useCopy() {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), 4000);
  };
  return { state, copy };
}

/**
 * The QR code of `url`, drawn once per address: its SVG markup, shown inline, and the same SVG as a data
 * URL for the download (scales to any print size). Inline, not an <img>: an image would become the
 * page's largest paint and hold its LCP until the library has loaded and drawn it; an inline SVG is
 * no LCP candidate, and needs no image decode.
 */
function useQrCode(url: string) {
  const [svg, setSvg] = useState<{ url: string; markup: string; download: string } | null>(null);
  /** The address whose drawing failed (another address is tried afresh). */
  const [failedFor, setFailedFor] = useState<string>();
  useEffect(() => {
    let live = true;
    // Drawn in a worker (lib/qr-code.ts): on the page it was one long task on a phone.
    qrCodeSvg(url)
      .then((markup) => live && setSvg({ url, markup, download: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` }))
      .catch(() => live && setFailedFor(url));
    return () => {
      live = false;
    };
  }, [url]);
  const drawn = svg?.url === url ? svg : undefined;
  return { markup: drawn?.markup, download: drawn?.download, failed: failedFor === url };
}

interface BookingPageLinkProps extends BookingPageTarget {
  /** The block's heading. */
  title?: string;
  /** A line under the heading (what this link opens). */
  description?: string;
  /** The downloaded QR file's name, without '.svg'. */
  fileName?: string;
  /** 'card': a card of its own (default); 'inline': a plain block inside another card (heading h3). */
  variant?: 'card' | 'inline';
}

/** A QR file name from a name ('Massage 60 min' -> 'booking-page-massage-60-min'). */
export const qrFileName = (name: string) => ['booking-page', ...(name.toLowerCase().match(/[a-z0-9]+/g) ?? [])].join('-');

/** The full block: heading, address with Copy and Open, the QR code and its download. */
export function BookingPageLink({ packageId, practitionerId, title = 'Booking page', description, fileName = 'booking-page-qr', variant = 'card' }: BookingPageLinkProps) {
  const { enabled, apiKey, error, isLoading } = useBookingPageKey();
  const headingId = useId();
  if (!enabled) return null;
  const Heading = variant === 'card' ? 'h2' : 'h3';
  // While the key loads, the body keeps the address and QR code's height (nothing below moves).
  const body = isLoading ? (
    <Loading label="Loading the booking page's address..." className="booking-link-loading" />
  ) : error || !apiKey ? (
    <p className="text-danger small mb-0">The booking page&apos;s address could not be loaded.</p>
  ) : (
    <LinkBody url={bookingPageUrl(apiKey, { packageId, practitionerId })} fileName={fileName} />
  );
  const heading = (
    <>
      <Heading id={headingId} className="h6 fw-bold mb-0">
        {title}
      </Heading>
      {description && <p className="small text-body-secondary mb-0 mt-1">{description}</p>}
    </>
  );
  if (variant === 'inline') {
    return (
      <section aria-labelledby={headingId} className="border rounded p-3">
        <div className="mb-3">{heading}</div>
        {body}
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="card border-0 shadow-sm">
      <div className="card-header bg-transparent py-3">{heading}</div>
      <div className="card-body">{body}</div>
    </section>
  );
}

function LinkBody({ url, fileName }: { url: string; fileName: string }) {
  const inputId = useId();
  const { state, copy } = useCopy();
  const qr = useQrCode(url);
  return (
    <div className="row g-3 align-items-center">
      <div className="col-md">
        <label htmlFor={inputId} className="form-label fw-semibold small text-body-emphasis mb-1">
          Address
        </label>
        <div className="input-group">
          <input id={inputId} className="form-control font-monospace" value={url} readOnly onFocus={(e) => e.target.select()} />
          <button type="button" className="btn btn-outline-secondary" onClick={() => void copy(url)}>
            <i className={`bi ${state === 'copied' ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
            Copy
          </button>
          <a className="btn btn-outline-secondary" href={url} target="_blank" rel="noopener noreferrer">
            <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
            Open<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
        <div role="status" className={`form-text${state === 'failed' ? ' text-danger' : ''}`}>
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy. Select the address and copy it yourself.' : ''}
        </div>
      </div>
      <div className="col-md-auto d-flex flex-column align-items-center gap-2">
        {qr.markup ? (
          // The library's own markup: paths drawn from the address's bits, no text of anyone's in it.
          <span role="img" aria-label={`QR code of the booking page: ${url}`} className="qr-code border rounded bg-white" dangerouslySetInnerHTML={{ __html: qr.markup }} />
        ) : qr.failed ? (
          <p className="small text-body-secondary mb-0">The QR code could not be drawn.</p>
        ) : (
          // The code's own size while its library loads.
          <Loading label="Drawing the QR code..." className="qr-drawing border rounded" />
        )}
        {qr.download ? (
          <a className="btn btn-sm btn-light" href={qr.download} download={`${fileName}.svg`}>
            <i className="bi bi-download me-1" aria-hidden="true" />
            Download QR code<span className="visually-hidden"> (SVG, for printing)</span>
          </a>
        ) : (
          !qr.failed && (
            <span className="btn btn-sm invisible" aria-hidden="true">
              Download QR code
            </span>
          )
        )}
      </div>
    </div>
  );
}

/** A list row's action: copies one package's (or practitioner's) booking page address. */
export function CopyBookingLinkButton({ apiKey, name, ...target }: BookingPageTarget & { apiKey: string; name: string }) {
  const { state, copy } = useCopy();
  return (
    <>
      {/* The name is the visible words and whose link (WCAG 2.5.3: the label is part of the name). */}
      <button type="button" className="btn btn-sm btn-light me-1" onClick={() => void copy(bookingPageUrl(apiKey, target))}>
        <i className={`bi ${state === 'copied' ? 'bi-check2' : 'bi-link-45deg'}`} aria-hidden="true" /> {state === 'copied' ? 'Copied' : state === 'failed' ? 'Not copied' : 'Copy link'}
        {' '}
        <span className="visually-hidden">for {name}</span>
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? `Booking link of ${name} copied` : state === 'failed' ? `Could not copy the booking link of ${name}` : ''}
      </span>
    </>
  );
}
