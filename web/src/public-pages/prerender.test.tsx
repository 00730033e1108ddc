// The prerendered first paint of each public page is what React renders first in the browser: it
// hydrates without a mismatch (which would throw the HTML away and repaint), and shows the skeleton.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_PAGES } from '#shared/public-pages';
import { mockApi } from '../testing/render';
import { pageElements, prerender } from './prerender';

const PARAMS: Record<string, string[]> = { booking: ['pk_key'], form: ['f1', 'pk_key'], request: ['pk_key'], manage: [] };

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('prerendered public pages', () => {
  it('paint the booking form with its labels, every control disabled until the packages arrive', () => {
    const host = document.createElement('div');
    host.innerHTML = prerender('booking');
    expect(host.querySelector('h1')).toHaveTextContent('Booking');
    for (const label of ['Package', 'First Name', 'Last Name', 'Email', 'Phone Number', 'Booking Date', 'Booking Time']) {
      const labelEl = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
      expect(labelEl, label).toBeDefined();
      expect(host.querySelector(`#${labelEl!.htmlFor}`), label).toBeDisabled();
    }
    expect(host.querySelector('[data-testid="clinic-name"] .placeholder')).not.toBeNull();
  });

  for (const page of PUBLIC_PAGES) {
    it(`${page.name}: hydrates without a mismatch`, async () => {
      // The API stays silent: hydration happens before any answer, as on a slow network.
      mockApi({});
      vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
      const consoleErrors = vi.spyOn(console, 'error');
      const host = document.createElement('div');
      host.innerHTML = prerender(page.name);
      document.body.append(host);
      const html = host.innerHTML;
      const recoverable: unknown[] = [];
      await act(async () => {
        hydrateRoot(host, pageElements[page.name](PARAMS[page.name]!), { onRecoverableError: (error) => recoverable.push(error) });
      });
      expect(recoverable).toEqual([]);
      expect(consoleErrors.mock.calls.filter((args) => /hydrat|did not match/i.test(String(args[0])))).toEqual([]);
      expect(host.querySelector('h1')?.textContent).toBe(new DOMParser().parseFromString(html, 'text/html').querySelector('h1')?.textContent);
    });
  }
});
