// The first day of the week of the clinic's calendar: the clinic's country's (CLDR, as browsers know it),
// the country found from the clinic's time zone (a Berlin clinic starts on Monday, a New York one on
// Sunday). A browser's Intl cannot map a zone to its country, so the zones whose country does not start
// on Monday are listed here, by area; every other zone of a country starts on Monday. Made from tzdata's
// zone.tab (zone -> country) and Intl.Locale('und-<country>').weekInfo.firstDay (CLDR weekData) by
// scripts/calendar/week-start-zones.mjs; run it again when CLDR moves a country.
// A zone of no country (UTC, Etc/*) takes the reader's language's week, else Monday (ISO 8601).

const SUNDAY: Record<string, string> = {
  Africa: 'Addis_Ababa Asmera Gaborone Harare Johannesburg Maputo Nairobi',
  America: 'Adak Anchorage Antigua Araguaina Asuncion Atikokan Bahia Bahia_Banderas Belem Belize Blanc-Sablon' +
    ' ' + 'Boa_Vista Bogota Boise Cambridge_Bay Campo_Grande Cancun Caracas Chicago Chihuahua Ciudad_Juarez' +
    ' ' + 'Coral_Harbour Creston Cuiaba Dawson Dawson_Creek Denver Detroit Dominica Edmonton Eirunepe' +
    ' ' + 'El_Salvador Fort_Nelson Fortaleza Glace_Bay Goose_Bay Guatemala Halifax Hermosillo' +
    ' ' + 'Indiana/Indianapolis Indiana/Knox Indiana/Marengo Indiana/Petersburg Indiana/Tell_City Indiana/Vevay' +
    ' ' + 'Indiana/Vincennes Indiana/Winamac Indianapolis Inuvik Iqaluit Jamaica Juneau Kentucky/Louisville' +
    ' ' + 'Kentucky/Monticello Lima Los_Angeles Louisville Maceio Managua Manaus Matamoros Mazatlan Menominee' +
    ' ' + 'Merida Metlakatla Mexico_City Moncton Monterrey Nassau New_York Nome Noronha North_Dakota/Beulah' +
    ' ' + 'North_Dakota/Center North_Dakota/New_Salem Ojinaga Panama Phoenix Port_of_Spain Porto_Velho' +
    ' ' + 'Puerto_Rico Rankin_Inlet Recife Regina Resolute Rio_Branco Santarem Santo_Domingo Sao_Paulo Sitka' +
    ' ' + 'St_Johns St_Thomas Swift_Current Tegucigalpa Tijuana Toronto Vancouver Whitehorse Winnipeg Yakutat',
  Asia: 'Aden Bangkok Calcutta Dhaka Hong_Kong Jakarta Jayapura Jerusalem Karachi Kathmandu Katmandu Kolkata' +
    ' ' + 'Macau Makassar Manila Phnom_Penh Pontianak Rangoon Riyadh Seoul Singapore Taipei Thimphu Tokyo' +
    ' ' + 'Vientiane Yangon',
  Atlantic: 'Azores Madeira Reykjavik',
  Europe: 'Lisbon Malta',
  Pacific: 'Apia Guam Honolulu Kwajalein Majuro Midway Pago_Pago Wake',
};
const SATURDAY: Record<string, string> = {
  Africa: 'Algiers Cairo Djibouti Khartoum Tripoli',
  Asia: 'Amman Baghdad Bahrain Damascus Kabul Kuwait Muscat Qatar Tehran',
};
const FRIDAY: Record<string, string> = {
  Indian: 'Maldives',
};

const FIRST_DAY: [Record<string, string>, number][] = [[SUNDAY, 0], [SATURDAY, 6], [FRIDAY, 5]];

/** FullCalendar's firstDay (0 Sunday ... 6 Saturday) for a clinic in `timeZone`. */
export function firstDayOf(timeZone: string, language = typeof navigator === 'undefined' ? 'en' : navigator.language): number {
  const slash = timeZone.indexOf('/');
  if (slash > 0 && !timeZone.startsWith('Etc/')) {
    const area = timeZone.slice(0, slash);
    const city = timeZone.slice(slash + 1);
    for (const [table, day] of FIRST_DAY) if (table[area]?.split(' ').includes(city)) return day;
    return 1;
  }
  // No country: the reader's language's week (weekInfo is Chromium's and Safari's; getWeekInfo() the newer name).
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & { weekInfo?: { firstDay: number }; getWeekInfo?: () => { firstDay: number } };
    const first = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
    if (first) return first % 7;
  } catch {
    // An odd language tag: ISO's Monday.
  }
  return 1;
}
