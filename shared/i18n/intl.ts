// The Intl locale of a patient's page: the patient's language in the clinic's country, so money, dates,
// times and the first day of the week read as a reader of that language expects there ('es-DE': a
// Spanish reader of a Berlin clinic sees '85,00 €' and weeks from Monday; 'en-US' weeks from Sunday;
// 'ar-SA' from Sunday, 'ar-EG' from Saturday). No dependencies: the public pages use it.
import { intlLocale, type Locale } from './locales';

/** Where a language is most read when the clinic's country is unknown (CLDR's likely regions). */
const LIKELY_REGION: Record<Locale, string> = { en: 'US', es: 'ES', fr: 'FR', de: 'DE', pt: 'BR', ar: 'EG' };

/** The page's Intl tag: 'es-DE' with the clinic's country (ISO 3166 alpha-2), else the language's own ('en-US', 'es'). */
export function intlTag(locale: Locale, region?: string | null): string {
  return region && /^[A-Z]{2}$/.test(region) ? `${locale}-${region}` : intlLocale(locale);
}

// CLDR's weekData (supplemental, 2025) for the browsers whose Intl.Locale has no week information
// (Firefox): the regions whose week starts on Sunday or Saturday (Maldives: Friday); all others Monday.
const SUNDAY = new Set('AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN IS JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(' '));
const SATURDAY = new Set('AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));

/** The region a tag names ('es-DE' -> 'DE'), else its language's likely one. */
function regionOf(tag: string): string {
  const [language, region] = tag.split('-');
  if (region && /^[A-Z]{2}$/i.test(region)) return region.toUpperCase();
  return LIKELY_REGION[language as Locale] ?? 'US';
}

type WeekInfo = { firstDay: number };
type WithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The first day of the week for a tag, as Date#getDay counts (0 Sunday ... 6 Saturday): from
 * Intl.Locale's week information (getWeekInfo(), or the older weekInfo getter), else CLDR's table.
 */
export function firstDayOfWeek(tag: string): number {
  try {
    const locale = new Intl.Locale(tag) as WithWeekInfo;
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay % 7;
  } catch {
    // A tag Intl refuses: the table decides.
  }
  const region = regionOf(tag);
  return SUNDAY.has(region) ? 0 : SATURDAY.has(region) ? 6 : region === 'MV' ? 5 : 1;
}
