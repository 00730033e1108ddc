// Issue 34 on the public pages' runtime (preact/compat): the clinic's logo and colour at the top of its
// pages, readable whatever colour it chose, and the connection check that says nothing once done.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { render as preactRender } from 'preact';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contrastRatio } from '#shared/brand';
import { BookingPage } from './booking/booking-page';
import { brandProperties, ClinicBrandBar, readableOn } from './clinic-brand';
import { ChallengeHandle, ChallengeStatus } from '../lib/challenge';
import { mockApi } from '../testing/render';
import { inEnglish } from './prerender';

const LOGO = '/assets/org/o1/branding/logo.png';
const html = document.documentElement;
const property = (name: string) => html.style.getPropertyValue(name);

/** Renders on Preact, as the built pages do (testing-library's render is React's). */
const hosts: Element[] = [];
function render(element: ReactElement) {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  act(() => preactRender(element, host));
  return { unmount: () => act(() => preactRender(null, host)) };
}

afterEach(() => {
  for (const host of hosts.splice(0)) preactRender(null, host);
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the clinic's brand on its public pages", () => {
  it('shows the logo (the clinic named as its text) beside the language switcher, and its colour on <html>', () => {
    const { unmount } = render(inEnglish(<ClinicBrandBar brand={{ logoUrl: LOGO, color: '#AA3377' }} name="Sunrise Physio" />));
    const logo = screen.getByRole('img', { name: 'Sunrise Physio' });
    expect(logo).toHaveAttribute('src', LOGO);
    expect(logo).toHaveAttribute('height', '40');
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
    expect(html).toHaveAttribute('data-clinic-brand');
    expect(property('--clinic-btn-bg')).toBe('#aa3377');
    expect(property('--clinic-btn-color')).toBe('#ffffff');
    unmount();
    // Another page (or none) does not keep it.
    expect(html).not.toHaveAttribute('data-clinic-brand');
    expect(property('--clinic-btn-bg')).toBe('');
  });

  it('without a logo or a colour (or before the answer) keeps the bar and the product colours', () => {
    render(inEnglish(<ClinicBrandBar />));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByLabelText('Language')).toBeInTheDocument();
    expect(html).not.toHaveAttribute('data-clinic-brand');
    render(inEnglish(<ClinicBrandBar brand={{ logoUrl: null, color: null }} name="Sunrise" />));
    expect(screen.queryByRole('img')).toBeNull();
    expect(html).not.toHaveAttribute('data-clinic-brand');
  });

  it('a logo that fails to load goes, leaving nothing broken', async () => {
    render(inEnglish(<ClinicBrandBar brand={{ logoUrl: LOGO, color: null }} name="Sunrise" />));
    fireEvent.error(screen.getByRole('img'));
    await waitFor(() => expect(screen.queryByRole('img')).toBeNull());
  });

  it('keeps text readable on any colour (WCAG 4.5:1): a light yellow gets black button text and darker links; a navy lighter links in the dark', () => {
    const yellow = brandProperties('#ffe14d');
    expect(yellow['--clinic-btn-color']).toBe('#000000');
    expect(contrastRatio(yellow['--clinic-btn-bg'], yellow['--clinic-btn-color'])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(yellow['--clinic-btn-hover-bg'], '#000000')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(yellow['--clinic-accent-l'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(yellow['--clinic-accent-l'], '#f4f6fa')).toBeGreaterThanOrEqual(4.5);
    // The yellow itself reads on the dark surfaces: kept as it is there.
    expect(yellow['--clinic-accent-d']).toBe('#ffe14d');

    const navy = brandProperties('#1a2a6c');
    expect(navy['--clinic-btn-color']).toBe('#ffffff');
    expect(navy['--clinic-accent-l']).toBe('#1a2a6c');
    for (const surface of ['#1b1c22', '#131419', '#24252d']) expect(contrastRatio(navy['--clinic-accent-d'], surface)).toBeGreaterThanOrEqual(4.5);
    expect(readableOn('#ffffff', ['#ffffff'], '#000000')).not.toBe('#ffffff');
  });

  it('the booking page shows the logo and takes the colour from its first answer', async () => {
    mockApi({
      'POST /api/bookings/available-packages': { status: 200, body: { message: 'OK', data: [] } },
      'POST /api/bookings/available-slots': (body) => ({
        status: 200,
        body: {
          message: 'OK',
          data: {
            date: (body as { date: string }).date, timeZone: 'Europe/Berlin', timeZoneName: 'Central European Time', timeZoneAbbreviation: 'CET', status: 'open', slotMinutes: 60,
            slots: [], clinicName: 'Sunrise Physio Berlin', clinicLanguage: null, clinicBrand: { logoUrl: LOGO, color: '#204a87' },
          },
        },
      }),
    });
    const { unmount } = render(inEnglish(<BookingPage apiKey="pk_clinic_key_123" />));
    expect(await screen.findByRole('img', { name: 'Sunrise Physio Berlin' })).toHaveAttribute('src', LOGO);
    await waitFor(() => expect(property('--clinic-btn-bg')).toBe('#204a87'));
    unmount();
  });
});

describe('the connection check under the button', () => {
  /** A handle whose state the test sets (the check itself is lib/challenge.tsx's). */
  const handle = () => {
    const h = new ChallengeHandle('booking');
    const set = (state: ChallengeHandle['state']) => act(() => (h as unknown as { set: (s: string) => void }).set(state));
    return { h, set };
  };

  it('is a status for screen readers while it works, and says nothing once done', async () => {
    const { h, set } = handle();
    render(<ChallengeStatus challenge={h} />);
    const status = screen.getByRole('status');
    set('checking');
    await waitFor(() => expect(status).toHaveTextContent('Checking your connection...'));
    expect(status).toHaveClass('visually-hidden');
    set('ready');
    await waitFor(() => expect(status).toHaveAttribute('data-state', 'ready'));
    expect(status).toHaveTextContent(/^$/);
    expect(screen.queryByText(/Connection checked/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('when it fails, says so plainly with a button that checks again', async () => {
    const { h, set } = handle();
    const start = vi.spyOn(h, 'start').mockReturnValue(new Promise(() => {}));
    render(<ChallengeStatus challenge={h} />);
    set('failed');
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Your connection could not be checked. Check that you are online, then try again.'));
    expect(status).not.toHaveClass('visually-hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
