// The free times of a chosen day as buttons (the booking page's and the manage page's reschedule): the
// only way to choose a time, so a patient can only choose one that is offered. Each says its time in the
// page's language and the clinic's zone; the chosen one is pressed.
import { dateTimeFormat } from '#shared/i18n/intl-cache';
import type { Locale } from '#shared/i18n/locales';
import { useI18n } from '../../i18n/i18n';

export interface Slot {
  time: string;
  startUtc: string;
  /** The server's English label ('9:00 AM EST'). */
  label: string;
}

/**
 * A time button's text in the page's language. English keeps the server's label ('9:00 AM EST', the
 * spec's wording); other languages format the slot's instant in the clinic's zone with the page's Intl
 * locale ('9:50' in Spanish, '9:50 ص' in Arabic).
 */
export function slotLabel(slot: Slot, timeZone: string, locale: Locale, intl: string, format?: Intl.DateTimeFormat): string {
  if (locale === 'en') return slot.label;
  return (format ?? dateTimeFormat(intl, { timeZone, hour: 'numeric', minute: '2-digit' })).format(new Date(slot.startUtc));
}

export function TimeButtons({ slots, timeZone, value, onChange, disabled }: { slots: readonly Slot[]; timeZone: string; value: string; onChange: (time: string) => void; disabled?: boolean }) {
  const { locale, intl } = useI18n();
  // One formatter for the day's buttons.
  const format = locale === 'en' ? undefined : dateTimeFormat(intl, { timeZone, hour: 'numeric', minute: '2-digit' });
  return (
    <div className="d-flex flex-wrap gap-2">
      {slots.map((slot) => (
        <button
          key={slot.startUtc}
          type="button"
          className={`btn btn-sm ${value === slot.time ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={value === slot.time}
          onClick={() => onChange(slot.time)}
          disabled={disabled}
        >
          {slotLabel(slot, timeZone, locale, intl, format)}
        </button>
      ))}
    </div>
  );
}
