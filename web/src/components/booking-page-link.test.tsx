// The booking page's address block: the owner's key makes the full address (with a package or a
// practitioner), Copy puts it on the clipboard with a status, Open opens it, the QR code encodes it.
import { screen, waitFor, within } from '@testing-library/react';
import { toString as qrSvg } from 'qrcode';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPageAt } from '#shared/public-pages';
import { QR_OPTIONS, type QrReply, type QrRequest } from '../lib/qr-code';
import { saveToken } from '../lib/session';
import { mockApi, renderAt, rolesState, WithRoles } from '../testing/render';
import { BookingPageLink, bookingPageUrl, CopyBookingLinkButton } from './booking-page-link';

const ok = (data: unknown) => ({ status: 200, body: { message: 'OK', data } });
const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };

function render(element: ReactNode, { owner = true, key = 'pk_live 1' }: { owner?: boolean; key?: string } = {}) {
  saveToken('token');
  const calls = mockApi({ 'GET /api/users/profile': ok(me), 'GET /api/organization/integration': ok({ apiKey: key, rotatedAt: null }) });
  const view = renderAt(<WithRoles value={rolesState({ isOwner: owner })}>{element}</WithRoles>);
  return { ...view, calls };
}

const origin = window.location.origin;

describe('bookingPageUrl', () => {
  it('is the public booking page of the key, with the package and practitioner in the query', () => {
    expect(bookingPageUrl('pk_abc', {}, 'https://app.example')).toBe('https://app.example/booking/pk_abc');
    expect(bookingPageUrl('pk_abc', { packageId: 'bp_1' }, 'https://app.example')).toBe('https://app.example/booking/pk_abc?package=bp_1');
    expect(bookingPageUrl('pk_abc', { practitionerId: 'pr_9' }, 'https://app.example')).toBe('https://app.example/booking/pk_abc?practitioner=pr_9');
    expect(bookingPageUrl('pk_abc', { packageId: 'bp 1', practitionerId: 'pr&9' }, 'https://app.example')).toBe('https://app.example/booking/pk_abc?package=bp+1&practitioner=pr%269');
    // The address is the one the build, the local server and CloudFront answer with booking.html.
    const url = new URL(bookingPageUrl('pk/odd key', { packageId: 'bp_1' }, 'https://app.example'));
    expect(publicPageAt(url.pathname)).toMatchObject({ page: { name: 'booking' }, params: ['pk/odd key'] });
  });
});

describe('BookingPageLink', () => {
  it('shows the full address with Open, copies it with a status, and draws its QR code with a download', async () => {
    const { user } = render(<BookingPageLink />, { key: 'pk_abc' });
    const block = within(await screen.findByRole('region', { name: 'Booking page' }));
    const address = await block.findByLabelText('Address');
    expect(address).toHaveValue(`${origin}/booking/pk_abc`);
    expect(address).toHaveAttribute('readonly');
    expect(block.getByRole('link', { name: /^Open/ })).toHaveAttribute('href', `${origin}/booking/pk_abc`);
    expect(block.getByRole('link', { name: /^Open/ })).toHaveAttribute('target', '_blank');

    expect(block.getByRole('status')).toHaveTextContent('');
    await user.click(block.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/booking/pk_abc`);
    expect(block.getByRole('status')).toHaveTextContent('Copied');

    // The QR code encodes exactly the address (the same SVG qrcode draws for it), and downloads as SVG.
    const qr = await block.findByRole('img', { name: `QR code of the booking page: ${origin}/booking/pk_abc` });
    const svg = await qrSvg(`${origin}/booking/pk_abc`, QR_OPTIONS);
    const drawn = document.createElement('span');
    drawn.innerHTML = svg; // as the DOM writes it back
    expect(qr.innerHTML).toBe(drawn.innerHTML);
    expect(qr.querySelector('svg path')).not.toBeNull();
    const download = block.getByRole('link', { name: /Download QR code/ });
    expect(download).toHaveAttribute('href', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    expect(download).toHaveAttribute('download', 'booking-page-qr.svg');
  });

  it('links to one package and to one practitioner', async () => {
    render(
      <>
        <BookingPageLink packageId="bp_45" title="This package's booking page" fileName="massage-qr" />
        <BookingPageLink practitionerId="pr_ana" title="Ana's booking page" variant="inline" />
      </>,
      { key: 'pk_abc' },
    );
    const pkg = within(await screen.findByRole('region', { name: "This package's booking page" }));
    expect(await pkg.findByLabelText('Address')).toHaveValue(`${origin}/booking/pk_abc?package=bp_45`);
    expect(pkg.getByRole('link', { name: /^Open/ })).toHaveAttribute('href', `${origin}/booking/pk_abc?package=bp_45`);
    expect(await pkg.findByRole('img', { name: `QR code of the booking page: ${origin}/booking/pk_abc?package=bp_45` })).toBeInTheDocument();
    expect(pkg.getByRole('link', { name: /Download QR code/ })).toHaveAttribute('download', 'massage-qr.svg');

    const practitioner = within(screen.getByRole('region', { name: "Ana's booking page" }));
    expect(screen.getByRole('heading', { name: "Ana's booking page", level: 3 })).toBeInTheDocument();
    expect(await practitioner.findByLabelText('Address')).toHaveValue(`${origin}/booking/pk_abc?practitioner=pr_ana`);
    expect(await practitioner.findByRole('img', { name: `QR code of the booking page: ${origin}/booking/pk_abc?practitioner=pr_ana` })).toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = render(<BookingPageLink />, { key: 'pk_abc' });
    const block = within(await screen.findByRole('region', { name: 'Booking page' }));
    await block.findByLabelText('Address');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(block.getByRole('button', { name: 'Copy' }));
    expect(await block.findByRole('status')).toHaveTextContent('Could not copy. Select the address and copy it yourself.');
  });

  it('shows nothing to a member who is not the owner, and does not ask for the key', async () => {
    const { calls } = render(
      <>
        <h1>Packages</h1>
        <BookingPageLink />
      </>,
      { owner: false },
    );
    expect(await screen.findByRole('heading', { name: 'Packages' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Booking page' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/organization/integration')).toBe(false);
  });

  it('says when the key cannot be loaded', async () => {
    saveToken('token');
    mockApi({ 'GET /api/users/profile': ok(me), 'GET /api/organization/integration': { status: 500, body: { message: 'Broken' } } });
    renderAt(<WithRoles value={rolesState({ isOwner: true })}><BookingPageLink /></WithRoles>);
    expect(await screen.findByText("The booking page's address could not be loaded.")).toBeInTheDocument();
  });
});

describe('BookingPageLink in a browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws the QR code in a worker, not on the page (a long task on a phone)', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        onmessage: ((event: MessageEvent<QrReply>) => void) | null = null;
        postMessage({ id, text }: QrRequest) {
          asked.push(text);
          void qrSvg(text, QR_OPTIONS).then((svg) => this.onmessage?.({ data: { id, markup: svg.replace('<svg', '<svg data-drawn="worker"') } } as MessageEvent<QrReply>));
        }
      },
    );
    render(<BookingPageLink />, { key: 'pk_abc' });
    const qr = await screen.findByRole('img', { name: `QR code of the booking page: ${origin}/booking/pk_abc` });
    expect(qr.querySelector('svg')).toHaveAttribute('data-drawn', 'worker');
    expect(asked).toEqual([`${origin}/booking/pk_abc`]);
  });
});

describe('CopyBookingLinkButton', () => {
  it("copies one package's address and says so", async () => {
    const { user } = renderAt(<CopyBookingLinkButton apiKey="pk_abc" packageId="bp_1" name="Massage" />);
    await user.click(screen.getByRole('button', { name: 'Copy link for Massage' }));
    expect(await navigator.clipboard.readText()).toBe(`${origin}/booking/pk_abc?package=bp_1`);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Booking link of Massage copied'));
    expect(screen.getByRole('button', { name: 'Copied for Massage' })).toHaveTextContent('Copied');
  });
});
