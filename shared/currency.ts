// Money: the currencies a clinic can charge in (Stripe's presentment list), how Stripe counts their
// amounts, Stripe's minimum charges, input parsing, validation messages and display. No dependencies,
// so the public pages can use it.
//
// Every amount is an integer of Stripe's "minor unit" with its currency code beside it:
// 5000 'jpy' is ¥5,000 (zero-decimal), 1250 'eur' is €12.50, 5120 'kwd' is 5.120 KWD.
// Stripe's rules (docs.stripe.com/currencies):
// - zero-decimal: BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF (amount = units);
// - three-decimal: BHD JOD KWD OMR TND, whose amounts must end in 0 (rounded to the nearest ten);
// - ISK stays two-decimal in the API but is whole krónur only: amounts divisible by 100 (ISK 5 = 500);
// - HUF and TWD are two-decimal for charges (only their payouts are whole units), so no extra rule here.
import { numberFormat } from './i18n/intl-cache';

/** Stripe's presentment currencies (lowercase ISO 4217, as Stripe's API wants them). */
export const CURRENCIES = [
  'usd', 'aed', 'afn', 'all', 'amd', 'ang', 'aoa', 'ars', 'aud', 'awg', 'azn', 'bam', 'bbd', 'bdt', 'bgn', 'bhd', 'bif',
  'bmd', 'bnd', 'bob', 'brl', 'bsd', 'bwp', 'byn', 'bzd', 'cad', 'cdf', 'chf', 'clp', 'cny', 'cop', 'crc', 'cve', 'czk',
  'djf', 'dkk', 'dop', 'dzd', 'egp', 'etb', 'eur', 'fjd', 'fkp', 'gbp', 'gel', 'gip', 'gmd', 'gnf', 'gtq', 'gyd', 'hkd',
  'hnl', 'htg', 'huf', 'idr', 'ils', 'inr', 'isk', 'jmd', 'jod', 'jpy', 'kes', 'kgs', 'khr', 'kmf', 'krw', 'kwd', 'kyd',
  'kzt', 'lak', 'lbp', 'lkr', 'lrd', 'lsl', 'mad', 'mdl', 'mga', 'mkd', 'mmk', 'mnt', 'mop', 'mur', 'mvr', 'mwk', 'mxn',
  'myr', 'mzn', 'nad', 'ngn', 'nio', 'nok', 'npr', 'nzd', 'omr', 'pab', 'pen', 'pgk', 'php', 'pkr', 'pln', 'pyg', 'qar',
  'ron', 'rsd', 'rub', 'rwf', 'sar', 'sbd', 'scr', 'sek', 'sgd', 'shp', 'sle', 'sos', 'srd', 'szl', 'thb', 'tjs', 'tnd',
  'top', 'try', 'ttd', 'twd', 'tzs', 'uah', 'ugx', 'uyu', 'uzs', 'vnd', 'vuv', 'wst', 'xaf', 'xcd', 'xcg', 'xof', 'xpf', 'yer',
  'zar', 'zmw',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Currencies that have ended, each with its successor: records priced in them still read as they were,
 * but no clinic newly chooses one, and a clinic in one can move to the successor. Sources:
 * - BGN: Bulgaria adopted the euro on 2026-01-01 at the fixed rate of 1.95583 lev per euro (Council of
 *   the EU decision of 8 July 2025; European Central Bank).
 * - ANG: the Netherlands Antillean guilder was replaced by the Caribbean guilder (XCG) in Curaçao and
 *   Sint Maarten on 2025-03-31, one for one (Centrale Bank van Curaçao en Sint Maarten).
 */
export const ENDED_CURRENCIES: Partial<Record<Currency, { successor: Currency; endedOn: string; rate: string }>> = {
  bgn: { successor: 'eur', endedOn: '2026-01-01', rate: '1.95583' },
  ang: { successor: 'xcg', endedOn: '2025-03-31', rate: '1' },
};

/**
 * An amount of an ended currency in its successor, at the official fixed rate (`rate` units of the old
 * for one of the new): 5000 'bgn' (50.00 lev) is 2556 'eur' (25.56 €). Exact integer arithmetic, rounded
 * to the nearest minor unit with halves up, as the euro changeover rules round (then to the successor's
 * step). An amount in a currency that has not ended is returned as it is.
 */
export function toSuccessorMinor(minor: number, from: string): number {
  const ended = ENDED_CURRENCIES[currencyOf(from)];
  if (!ended) return minor;
  const [whole, fraction = ''] = ended.rate.split('.');
  // rate = rateNum / rateDen exactly; minor units scale by 10^(new exponent - old exponent).
  const rateNum = BigInt(`${whole}${fraction}`);
  const rateDen = 10n ** BigInt(fraction.length);
  const shift = currencyRules(ended.successor).exponent - currencyRules(from).exponent;
  const num = BigInt(minor) * rateDen * 10n ** BigInt(Math.max(shift, 0));
  const den = rateNum * 10n ** BigInt(Math.max(-shift, 0));
  const rounded = (2n * num + den) / (2n * den); // halves up (amounts are never negative)
  const { step } = currencyRules(ended.successor);
  return Math.round(Number(rounded) / step) * step;
}

/** Why a currency cannot be chosen any more ('BGN ended on 2026-01-01: please choose EUR'), or undefined. */
export function endedCurrencyMessage(currency: string): string | undefined {
  const ended = ENDED_CURRENCIES[currencyOf(currency)];
  return ended && `${currency.toUpperCase()} ended on ${ended.endedOn}: please choose ${ended.successor.toUpperCase()}, its successor`;
}

/** What a clinic charges in unless it chose otherwise (and what records from before currencies were in). */
export const DEFAULT_CURRENCY: Currency = 'usd';

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/**
 * Stripe's published minimum charge amounts, in minor units. Currencies not listed have a minimum of
 * about USD 0.50 in the account's settlement currency, which depends on the exchange rate: for those
 * the smallest valid amount is taken here and Stripe has the last word (a refused session is a 502).
 */
const MINIMUM: Partial<Record<Currency, number>> = {
  usd: 50, aed: 200, aud: 50, bgn: 100, brl: 50, cad: 50, chf: 50, czk: 1500, dkk: 250, eur: 50, gbp: 30, hkd: 400,
  huf: 17500, inr: 50, jpy: 50, mxn: 1000, myr: 200, nok: 300, nzd: 50, pln: 200, ron: 200, sek: 300, sgd: 50, thb: 1000,
};

/** Stripe's largest amount: eight digits of the minor unit. */
export const MAX_MINOR = 99_999_999;

export interface CurrencyRules {
  currency: Currency;
  /** Decimals of Stripe's amount (0, 2 or 3): minor = major × 10^exponent. */
  exponent: 0 | 2 | 3;
  /** Every amount is a multiple of this many minor units (10 for three-decimal, 100 for ISK). */
  step: number;
  /** Decimals a person types and sees (ISK: 0 though Stripe counts hundredths; KWD: 3, last one 0). */
  decimals: number;
  /** Stripe's minimum charge, in minor units. */
  minMinor: number;
}

export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/** A stored currency code, or USD for a record from before currencies (or anything unknown). */
export const currencyOf = (value: unknown): Currency => {
  const lower = typeof value === 'string' ? value.toLowerCase() : '';
  return isCurrency(lower) ? lower : DEFAULT_CURRENCY;
};

export function currencyRules(code: string): CurrencyRules {
  const currency = currencyOf(code);
  const exponent = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  const step = currency === 'isk' ? 100 : exponent === 3 ? 10 : 1;
  const decimals = currency === 'isk' ? 0 : exponent;
  return { currency, exponent, step, decimals, minMinor: MINIMUM[currency] ?? step };
}

/** Major units (12.5 euros) to minor units (1250). Rounded to the nearest minor unit. */
export function toMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyRules(currency).exponent);
}

/** Minor units (1250) to major units (12.5); a yen amount is itself. */
export function fromMinor(minor: number, currency: string): number {
  const { exponent } = currencyRules(currency);
  return exponent === 0 ? minor : Number((minor / 10 ** exponent).toFixed(exponent));
}

/** The `step` of a number input: the smallest amount ('1' yen or krónur, '0.01' dollars, '0.01' KWD: its last digit is 0). */
export function inputStep(currency: string): string {
  const { exponent, step } = currencyRules(currency);
  const places = exponent - Math.log10(step);
  return places <= 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;
}

/** An amount for an input's value: '5000' for yen, '12.50' for euros. */
export const toInputValue = (minor: number, currency: string) => fromMinor(minor, currency).toFixed(currencyRules(currency).decimals);

/**
 * Displays an amount: formatMoney(5000, 'jpy') is '¥5,000', formatMoney(1250, 'eur', 'de-DE') '12,50 €'.
 * Intl knows every ISO code; the decimals are Stripe's (ISK whole krónur, KWD three).
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const { currency: code, decimals } = currencyRules(currency);
  const major = fromMinor(minor, code);
  try {
    return numberFormat(locale, { style: 'currency', currency: code.toUpperCase(), minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(major);
  } catch {
    return `${major.toFixed(decimals)} ${code.toUpperCase()}`;
  }
}

/** The currency's symbol as a locale writes it ('$', '¥', '€', 'KWD'), for an input's prefix. */
export function currencySymbol(currency: string, locale = 'en-US'): string {
  const code = currencyOf(currency).toUpperCase();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** Why an amount was refused, for the caller to word in its field's terms. */
export type AmountProblem = 'invalid' | 'decimals' | 'step' | 'min' | 'max';

export type ParsedAmount = { minor: number; problem?: undefined } | { minor?: undefined; problem: AmountProblem };

/**
 * A typed amount in major units (text or number: '5000', '12.50', 12.5) to minor units, checked against
 * the currency's decimals, step (KWD ends in 0, ISK whole), Stripe's minimum (or `min`, in minor
 * units, when higher; none with `anyAmount`) and Stripe's maximum. Text only, never floating-point arithmetic on the digits.
 */
export function parseAmount(input: unknown, currency: string, options: { min?: number; anyAmount?: boolean } = {}): ParsedAmount {
  const rules = currencyRules(currency);
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input.trim() : '';
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { problem: 'invalid' };
  const fraction = m[2] ?? '';
  // Trailing zeros beyond the currency's decimals are harmless ('5000.00' yen is 5000).
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > rules.exponent || (rules.currency === 'isk' && significant.length > 0)) return { problem: 'decimals' };
  const minor = Number(m[1]) * 10 ** rules.exponent + Number(significant.padEnd(rules.exponent, '0') || '0');
  if (!Number.isSafeInteger(minor)) return { problem: 'max' };
  if (minor % rules.step !== 0) return { problem: 'step' };
  if (minor > MAX_MINOR) return { problem: 'max' };
  // anyAmount: a price that is never charged as such (a free package, a custom amount's floor).
  if (!options.anyAmount && minor < Math.max(rules.minMinor, options.min ?? 0)) return { problem: 'min' };
  return { minor };
}

/** The same checks for an amount already in minor units (an API's `priceMinor`, a stored price). */
export function checkMinor(minor: unknown, currency: string, options: { min?: number } = {}): ParsedAmount {
  const rules = currencyRules(currency);
  if (typeof minor !== 'number' || !Number.isSafeInteger(minor) || minor < 0) return { problem: 'invalid' };
  if (minor % rules.step !== 0) return { problem: 'step' };
  if (minor > MAX_MINOR) return { problem: 'max' };
  if (minor < Math.max(rules.minMinor, options.min ?? 0)) return { problem: 'min' };
  return { minor };
}

/** The smallest amount a charge may have ('Minimum ¥50' names it). */
export const minimumOf = (currency: string, min = 0) => Math.max(currencyRules(currency).minMinor, min);

/**
 * A plain message for a refused amount: 'Minimum ¥50', 'Amounts in KWD must end in 0', 'Amounts in JPY
 * have no decimals'. Fields with the spec's own USD texts word theirs (shared/forms/validate.ts).
 */
export function amountMessage(problem: AmountProblem, currency: string, options: { min?: number } = {}): string {
  const rules = currencyRules(currency);
  const code = rules.currency.toUpperCase();
  switch (problem) {
    case 'decimals':
      return rules.decimals === 0 ? `Amounts in ${code} have no decimals` : `Amounts in ${code} have at most ${rules.decimals} decimals`;
    case 'step':
      return rules.currency === 'isk' ? `Amounts in ${code} are whole krónur` : `Amounts in ${code} must end in 0`;
    case 'min':
      return `Minimum ${formatMoney(minimumOf(currency, options.min), currency)}`;
    case 'max':
      return `Maximum ${formatMoney(MAX_MINOR, currency)}`;
    default:
      return `Please enter an amount in ${code}`;
  }
}

// Country (shared/countries.ts names) to the currency its clinics usually charge in. Countries whose
// currency Stripe does not present (or that use the dollar) are left out: they start with USD.
const EURO = ['Andorra', 'Austria', 'Belgium', 'Bulgaria', 'Croatia', 'Cyprus', 'Estonia', 'Finland', 'France', 'Germany', 'Greece', 'Ireland', 'Italy', 'Latvia', 'Lithuania', 'Luxembourg', 'Malta', 'Monaco', 'Montenegro', 'Netherlands', 'Portugal', 'San Marino', 'Slovakia', 'Slovenia', 'Spain', 'Holy See'];
// Built by a call marked pure, so pages that never ask (the public ones) leave the table out of their bundle.
const COUNTRY_CURRENCY: Record<string, Currency> = /* @__PURE__ */ countryTable();

function countryTable(): Record<string, Currency> {
  return {
  ...Object.fromEntries(EURO.map((c) => [c, 'eur'])),
  'United Kingdom': 'gbp', Japan: 'jpy', 'South Korea': 'krw', Kuwait: 'kwd', Bahrain: 'bhd', Jordan: 'jod', Oman: 'omr', Tunisia: 'tnd',
  Iceland: 'isk', Hungary: 'huf', Canada: 'cad', Australia: 'aud', 'New Zealand': 'nzd', Switzerland: 'chf', Liechtenstein: 'chf',
  Sweden: 'sek', Norway: 'nok', Denmark: 'dkk', Poland: 'pln', Czechia: 'czk', Romania: 'ron', Mexico: 'mxn',
  Brazil: 'brl', India: 'inr', Singapore: 'sgd', Malaysia: 'myr', Thailand: 'thb', 'United Arab Emirates': 'aed', 'Saudi Arabia': 'sar',
  Qatar: 'qar', Israel: 'ils', 'South Africa': 'zar', Nigeria: 'ngn', Kenya: 'kes', Uganda: 'ugx', Rwanda: 'rwf', Burundi: 'bif',
  Djibouti: 'djf', Guinea: 'gnf', Comoros: 'kmf', Madagascar: 'mga', Paraguay: 'pyg', Vietnam: 'vnd', Vanuatu: 'vuv', Chile: 'clp',
  Cameroon: 'xaf', Gabon: 'xaf', Chad: 'xaf', Congo: 'xaf', 'Central African Republic': 'xaf', 'Equatorial Guinea': 'xaf',
  Senegal: 'xof', "Côte d'Ivoire": 'xof', Mali: 'xof', 'Burkina Faso': 'xof', Niger: 'xof', Benin: 'xof', Togo: 'xof', 'Guinea-Bissau': 'xof',
  China: 'cny', Indonesia: 'idr', Philippines: 'php', Pakistan: 'pkr', Bangladesh: 'bdt', 'Sri Lanka': 'lkr', Nepal: 'npr',
  Egypt: 'egp', Morocco: 'mad', Türkiye: 'try', Ukraine: 'uah', Serbia: 'rsd', Georgia: 'gel', Kazakhstan: 'kzt', Argentina: 'ars',
  Colombia: 'cop', Peru: 'pen', Uruguay: 'uyu', 'Costa Rica': 'crc', Guatemala: 'gtq', 'Dominican Republic': 'dop', Jamaica: 'jmd',
  'Trinidad and Tobago': 'ttd', Tanzania: 'tzs', Zambia: 'zmw', Ethiopia: 'etb', Mongolia: 'mnt', Cambodia: 'khr',
  };
}

/** The currency a clinic in `country` starts with (USD when the country is unknown or uses dollars). */
export function currencyForCountry(country: string | null | undefined): Currency {
  return (country && COUNTRY_CURRENCY[country.trim()]) || DEFAULT_CURRENCY;
}
