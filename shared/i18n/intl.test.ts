// The public pages' formats follow the patient's language in the clinic's country (issue 34): the
// Intl tag, the first day of the week (Intl's week information, or CLDR's table where a browser has
// none) and money.
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../currency';
import { firstDayOfWeek, intlTag } from './intl';

const SUNDAY = 0;
const MONDAY = 1;
const SATURDAY = 6;

describe('intlTag', () => {
  it("is the language in the clinic's country, else the language's own", () => {
    expect(intlTag('es', 'DE')).toBe('es-DE');
    expect(intlTag('ar', 'SA')).toBe('ar-SA');
    expect(intlTag('en', null)).toBe('en-US');
    expect(intlTag('de')).toBe('de');
    // Anything but a two-letter region is ignored.
    expect(intlTag('fr', 'france')).toBe('fr');
  });
});

describe('firstDayOfWeek', () => {
  it('starts Spanish and German weeks on Monday, en-US on Sunday, Arabic by its region', () => {
    expect(firstDayOfWeek(intlTag('es', 'DE'))).toBe(MONDAY);
    expect(firstDayOfWeek(intlTag('es'))).toBe(MONDAY);
    expect(firstDayOfWeek(intlTag('de', 'DE'))).toBe(MONDAY);
    expect(firstDayOfWeek(intlTag('fr'))).toBe(MONDAY);
    expect(firstDayOfWeek(intlTag('en'))).toBe(SUNDAY);
    expect(firstDayOfWeek(intlTag('en', 'GB'))).toBe(MONDAY);
    expect(firstDayOfWeek(intlTag('pt', 'BR'))).toBe(SUNDAY);
    expect(firstDayOfWeek(intlTag('ar', 'SA'))).toBe(SUNDAY);
    expect(firstDayOfWeek(intlTag('ar', 'EG'))).toBe(SATURDAY);
    expect(firstDayOfWeek(intlTag('ar', 'DE'))).toBe(MONDAY);
  });

  describe('where Intl.Locale has no week information (Firefox)', () => {
    const proto = Intl.Locale.prototype as unknown as Record<string, unknown>;
    const saved = ['getWeekInfo', 'weekInfo'].map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const);
    afterEach(() => {
      for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(proto, name, descriptor);
    });

    it("takes CLDR's table: the region, else the language's likely one", () => {
      for (const [name] of saved) Object.defineProperty(proto, name, { value: undefined, configurable: true, writable: true });
      expect((new Intl.Locale('es') as unknown as { weekInfo?: unknown }).weekInfo).toBeUndefined();
      expect(firstDayOfWeek('es-DE')).toBe(MONDAY);
      expect(firstDayOfWeek('de')).toBe(MONDAY);
      expect(firstDayOfWeek('en-US')).toBe(SUNDAY);
      expect(firstDayOfWeek('pt')).toBe(SUNDAY);
      expect(firstDayOfWeek('ar')).toBe(SATURDAY);
      expect(firstDayOfWeek('ar-SA')).toBe(SUNDAY);
      expect(firstDayOfWeek('ar-DE')).toBe(MONDAY);
    });
  });
});

describe('money in the page language', () => {
  it('writes euros as a reader of each language in Germany does, dollars as in the United States', () => {
    const nbsp = /\u00a0/g;
    expect(formatMoney(8500, 'eur', intlTag('es', 'DE')).replace(nbsp, ' ')).toBe('85,00 €');
    expect(formatMoney(8500, 'eur', intlTag('de', 'DE')).replace(nbsp, ' ')).toBe('85,00 €');
    expect(formatMoney(8500, 'eur', intlTag('fr', 'DE')).replace(nbsp, ' ').replace(/\u202f/g, ' ')).toBe('85,00 €');
    expect(formatMoney(8500, 'usd', intlTag('en', 'US'))).toBe('$85.00');
    // Arabic: the amount and the euro sign, never the English '€85.00'.
    const arabic = formatMoney(8500, 'eur', intlTag('ar', 'DE'));
    expect(arabic).toContain('€');
    expect(arabic).not.toBe('€85.00');
  });
});
