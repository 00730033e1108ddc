// What the public pages' start costs a phone's main thread (issue 36's budget): no Intl object is built
// twice for the same thing, and none that loads the browser's locale list just to show a message.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, translator, type Messages } from '../../i18n/i18n';
import arabic from '../../i18n/messages/ar.json';
import spanish from '../../i18n/messages/es.json';
import { MonthView } from './month-view';

afterEach(() => vi.restoreAllMocks());

const monthView = (month: string, free: Record<string, number>) => (
  <I18nProvider locale="es" messages={spanish}>
    <MonthView month={month} free={free} onMonth={() => undefined} selected="" onSelect={() => undefined} />
  </I18nProvider>
);

describe('the public pages start without rebuilding Intl objects', () => {
  it('a month view in Spanish builds its date formats once, not once per day and render', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const { rerender } = render(monthView('2031-03', { '2031-03-10': 2 }));
    expect(screen.getByRole('button', { name: /10 de marzo: 2 horarios libres/ })).toBeEnabled();
    // Another render of the same month (each keystroke in the booking form renders it again) and the next month.
    rerender(monthView('2031-03', { '2031-03-11': 1 }));
    rerender(monthView('2031-04', {}));
    // One each: the heading's month, the weekday names (long, short, narrow) and the day buttons' names.
    // Before, every render built 3 for the weekdays, 1 for the heading and 1 per day (some 35 each time).
    expect(built.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('a message is shown without asking Intl for its supported locales, and compiled once per catalogue', () => {
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const plural = vi.spyOn(Intl, 'PluralRules');
    const catalogue = { ...arabic } as Messages;
    expect(translator('ar', catalogue)('common.minutes', { count: 3 })).toBe('3 دقائق');
    // The page's translator is made anew when the clinic's country arrives: the messages stay compiled.
    expect(translator('ar', catalogue)('common.minutes', { count: 5 })).toBe('5 دقائق');
    expect(translator('ar', catalogue)('booking.month.dayLabel', { date: 'x', count: 5 })).toContain('5');
    expect(supported).not.toHaveBeenCalled();
    expect(plural.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
