// The prerendered first paint of each public page shows its skeleton, and is what the page renders
// first in the browser: on the runtime the pages are built with (preact/compat, web/preact.ts; this
// test's vitest project aliases it too), the page takes those nodes over instead of repainting.
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_PAGES } from '#shared/public-pages';
import { mockApi } from '../testing/render';
import { renderOver } from './mount';
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
    it(`${page.name}: the page takes its first paint over without repainting it`, async () => {
      // The API stays silent: the page starts before any answer, as on a slow network.
      mockApi({});
      vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
      const consoleErrors = vi.spyOn(console, 'error');
      const host = document.createElement('div');
      host.innerHTML = prerender(page.name);
      document.body.append(host);
      const painted = [...host.querySelectorAll('*')];
      await act(async () => {
        renderOver(host, pageElements[page.name](PARAMS[page.name]!));
      });
      // Every element of the first paint is still in the page, in place: none was thrown away.
      expect(painted.filter((el) => !host.contains(el))).toEqual([]);
      expect(host.querySelectorAll('h1')).toHaveLength(1);
      expect(consoleErrors).not.toHaveBeenCalled();
    });
  }
});
