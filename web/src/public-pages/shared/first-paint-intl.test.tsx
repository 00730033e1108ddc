// The booking page's first render (over its prerendered HTML, one task at load) builds no Intl object:
// the month view's week data and day names wait for the month, and the formats the clinic's answers
// need are built ahead after the first paint, one per task (warm-intl.ts), not in the render that shows the answers.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n';
import arabic from '../../i18n/messages/ar.json';
import { dateTimeFormat, numberFormat } from '#shared/i18n/intl-cache';
import { BOOKING_INTL, warmIntl } from '../warm-intl';
import { MonthView } from './month-view';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const monthView = (month?: string) => (
  <I18nProvider locale="ar" messages={arabic}>
    <MonthView month={month} onMonth={() => undefined} selected="" onSelect={() => undefined} />
  </I18nProvider>
);

describe('Intl at the first paint', () => {
  it('a month view whose month is not known yet asks Intl for nothing, and names its weekdays once it is', () => {
    // The week data (a message's plural rules still make an Intl.Locale: that costs nothing).
    const week = vi.spyOn(Intl.Locale.prototype as Intl.Locale & { getWeekInfo: () => unknown }, 'getWeekInfo');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const { rerender } = render(monthView());
    expect(screen.getAllByRole('columnheader')).toHaveLength(7);
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'))).toEqual(Array(7).fill(null));
    expect(week).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
    // The month arrives: the week's first day (Saturday for Arabic's likely Egypt) and its names.
    rerender(monthView('2031-03'));
    expect(screen.getAllByRole('columnheader')[0]).toHaveAttribute('abbr', 'السبت');
    expect(week).toHaveBeenCalled();
  });

  it('builds the booking page’s formats ahead after the first paint, one per task, the very ones its renders take', () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    warmIntl('pt', BOOKING_INTL);
    // Nothing in the render's own task, nor before the frame is painted: then one step per task.
    expect(frames).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    frames[0]();
    for (let i = 0; i < BOOKING_INTL.length; i++) {
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersToNextTimer();
    }
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
    expect(built).toHaveBeenCalled();
    // The render's calls find them built: no new formatter for the day names nor the price.
    built.mockClear();
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    dateTimeFormat('pt', { timeZone: 'UTC', weekday: 'long' });
    numberFormat('pt', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(built).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
  });
});
