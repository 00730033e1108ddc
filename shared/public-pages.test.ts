import { describe, expect, it } from 'vitest';
import { htmlFileFor, htmlFileOf, htmlFilesOf, PUBLIC_PAGES, publicPageAt } from './public-pages';

describe('public pages', () => {
  it('maps each public path to its own HTML with its parameters, decoded', () => {
    expect(publicPageAt('/booking/pk_abc')).toEqual({ page: PUBLIC_PAGES[0], params: ['pk_abc'] });
    expect(publicPageAt('/form-builder/public/f%201/pk_abc/')?.params).toEqual(['f 1', 'pk_abc']);
    expect(htmlFileFor('/booking/pk_abc')).toBe('booking.html');
    expect(htmlFileFor('/form-builder/public/f1/pk_abc')).toBe('form.html');
    expect(htmlFileFor('/room-integration/pk_abc')).toBe('request.html');
    expect(htmlFileFor('/manage')).toBe('manage.html');
    for (const page of PUBLIC_PAGES) expect(htmlFileFor(page.example), page.name).toBe(`${page.name}.html`);
  });

  it('names one HTML file per language, English the page\'s plain one (issue 36)', () => {
    const booking = PUBLIC_PAGES[0];
    expect(htmlFileOf(booking)).toBe('booking.html');
    expect(htmlFileOf(booking, 'en')).toBe('booking.html');
    expect(htmlFileOf(booking, 'ar')).toBe('booking.ar.html');
    expect(htmlFilesOf(booking)).toEqual(['booking.html', 'booking.es.html', 'booking.fr.html', 'booking.de.html', 'booking.pt.html', 'booking.ar.html']);
  });

  it('answers every other path, and malformed ones, with the console', () => {
    for (const path of ['/', '/dashboard', '/booking', '/booking/a/b', '/bookings/booking/b1', '/form-builder/public/f1', '/manage/x', '/room-integration/'])
      expect(htmlFileFor(path), path).toBe('index.html');
    expect(htmlFileFor('/booking/%E0%A4%A')).toBe('index.html');
  });
});
