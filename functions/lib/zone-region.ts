// The country (ISO 3166 alpha-2) of an IANA time zone, from tzdb 2025b's zone.tab (one country per zone)
// and its links (old names such as 'Asia/Calcutta'). A clinic has no country field, but its time zone
// says where it is: the public pages format money, dates and the first day of the week for the patient's
// language in the clinic's country ('es-DE': a Spanish reader of a Berlin clinic). Server only: the
// table stays out of the public pages' scripts, which receive the region with the clinic's data.
// The table is data, not code (docs/conventions.md "Function size"): ./zone-data/zones.json, copied
// beside each bundle that formats a patient's text (infra/constructs/bundling.ts DATA_FILES) and read
// once on first use, so the booking, manage and mail functions do not carry its ~10 KB in their code.
import { intlTag } from '#shared/i18n/intl';
import { patientLocale } from '#shared/i18n/locales';
import { readFileSync } from 'node:fs';
import { ZONE_DATA_DIR } from './catalogue-files';

/** Region (ISO 3166 alpha-2) -> its zones, space-separated (tzdb 2025b zone.tab and links). */
const readZones = (): Record<string, string> => JSON.parse(readFileSync(new URL(`./${ZONE_DATA_DIR}/zones.json`, import.meta.url), 'utf8')) as Record<string, string>;

let byZone: Map<string, string> | undefined;

/** The region of a time zone ('Europe/Berlin' -> 'DE'), or null for 'UTC', 'Etc/GMT+5' and unknown names. */
export function regionOfZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  byZone ??= new Map(Object.entries(readZones()).flatMap(([region, zones]) => zones.split(' ').map((zone) => [zone, region] as const)));
  return byZone.get(timeZone) ?? null;
}

/**
 * The Intl tag of a patient's texts outside a page (mails, receipts): their language in the clinic's
 * country, as the public pages format it ('de' at 'Europe/Berlin' -> 'de-DE': "40,00 €").
 */
export const patientIntlTag = (locale: string | null | undefined, timeZone: string | null | undefined): string =>
  intlTag(patientLocale(locale), regionOfZone(timeZone));
