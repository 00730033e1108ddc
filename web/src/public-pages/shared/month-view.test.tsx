import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, type Messages } from '../../i18n/i18n';
import english from '../../i18n/messages/en.json';
import { MonthView } from './month-view';

describe('MonthView', () => {
  it('keeps a named heading on the first paint, before the month is known (axe: empty-heading)', () => {
    render(<I18nProvider locale="en" messages={english as Messages}><MonthView onMonth={() => undefined} selected="" onSelect={() => undefined} /></I18nProvider>);
    expect(screen.getByRole('heading', { level: 2, name: 'Free days' })).toBeInTheDocument();
  });

  it('names the month once it is known', () => {
    render(<I18nProvider locale="en" messages={english as Messages}><MonthView month="2030-01" onMonth={() => undefined} selected="" onSelect={() => undefined} /></I18nProvider>);
    expect(screen.getByRole('heading', { level: 2, name: 'January 2030' })).toBeInTheDocument();
  });
});
