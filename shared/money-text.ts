// An amount as a person types it, in their language, to Stripe's minor units: '85,00' and '85.00'
// are 85 euros, '1.234,56', '1,234.56' and '1 234,56' are 1234.56, '¥5,000' is 5000 yen, Arabic-Indic
// digits and separators ('١٬٢٣٤٫٥٠') and full-width ones (an IME's '５，０００') too. What cannot be
// read one way only is refused with a message saying how to write it, never guessed: '1,234' in a
// EUR clinic on a German browser could be 1234 (English grouping) or 1,234 (three decimals).
//
// The separators of the person's locale come from Intl (formatToParts), not from a hand-written table.
// A lone '.' or ',' followed by other than three digits is a decimal separator in any locale ('85,5',
// '85.50'): a decimal comma typed on an English browser is read as one, not dropped (which is how a
// browser's number input made '85,00' into 8500). The checks of the amount itself (decimals of the
// currency, KWD ending in 0, Stripe's minimum and maximum) are parseAmount's.
import { amountMessage, currencyOf, currencyRules, currencySymbol, parseAmount, type AmountProblem } from './currency';

/** Why a typed amount was refused: parseAmount's reasons, plus text that reads two ways or names another currency. */
export type MoneyProblem = AmountProblem | 'ambiguous' | 'currency';

export type ParsedMoney = { minor: number; problem?: undefined } | { minor?: undefined; problem: MoneyProblem };

export interface MoneyTextOptions {
  /** The typing person's locale (a BCP 47 tag, e.g. navigator.language); English when absent. */
  locale?: string;
  /** A higher minimum than Stripe's, in minor units. */
  min?: number;
  /** No minimum at all (a free service, a custom amount's floor). */
  anyAmount?: boolean;
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const ARABIC_DECIMAL = '\u066B';
// Marks of direction that Arabic formatting puts around numbers and currency signs.
const BIDI_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
// Separators that only ever group digits: spaces (NFKC makes no-break and narrow ones plain), the
// apostrophes of Swiss German, the Arabic thousands separator.
const GROUP_ONLY = /[ '\u2019\u066C]/;

/** The locale's decimal and group separators, as typed text normalises them (NFKC, Arabic ones kept). */
export function localeSeparators(locale = 'en'): { decimal: string; group: string } {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat('en').formatToParts(1234567.5);
  }
  const find = (type: string, fallback: string) => (parts.find((p) => p.type === type)?.value ?? fallback).normalize('NFKC');
  return { decimal: find('decimal', '.'), group: find('group', ',') };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The signs of `currency` a person may type around the amount: '€', 'EUR', '¥', 'JP¥', 'US$', '$'... */
function signsOf(currency: string, locale: string): string[] {
  const code = currencyOf(currency).toUpperCase();
  const signs = new Set([code]);
  for (const loc of [locale, 'en-US']) {
    for (const display of ['symbol', 'narrowSymbol'] as const) {
      try {
        const sign = new Intl.NumberFormat(loc, { style: 'currency', currency: code, currencyDisplay: display }).formatToParts(0).find((p) => p.type === 'currency')?.value;
        if (sign) signs.add(sign.normalize('NFKC').replace(BIDI_MARKS, '').trim());
      } catch {
        // An engine without this locale: the code and the English sign remain.
      }
    }
  }
  // Longest first, so 'US$' goes before '$'.
  return [...signs].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** `text` without the currency's sign (or code) before or after it; undefined when another one is left. */
function withoutSign(text: string, currency: string, locale: string): string | undefined {
  let rest = text;
  for (const sign of signsOf(currency, locale)) {
    const re = new RegExp(`^${escape(sign)}\\s*|\\s*${escape(sign)}$`, 'i');
    if (re.test(rest)) {
      rest = rest.replace(re, '').trim();
      break;
    }
  }
  // A currency sign, or letters, left: another currency's amount, or not an amount.
  return /[\p{Sc}\p{L}]/u.test(rest) ? undefined : rest;
}

/** Digits grouped by thousands ('1,234,567'; Indian '12,34,567' too), the group separators given. */
function groupedDigits(text: string, separators: RegExp): string | undefined {
  const groups = text.split(separators);
  if (groups.length === 1) return /^\d*$/.test(text) ? text : undefined;
  const [first, ...rest] = groups;
  const last = rest.pop()!;
  if (!/^[1-9]\d{0,2}$/.test(first) || !/^\d{3}$/.test(last) || !rest.every((g) => /^\d{2,3}$/.test(g))) return undefined;
  return groups.join('');
}

/**
 * A typed amount to minor units of `currency`, or why not. Read in the typing person's locale, with
 * any unambiguous writing accepted as well (a decimal comma on an English browser, '1,234.56' on a
 * German one). Blank text is 'invalid': a caller whose field may be blank decides that before.
 */
export function parseMoney(input: string, currency: string, options: MoneyTextOptions = {}): ParsedMoney {
  const locale = options.locale || 'en';
  const rules = currencyRules(currency);
  const amount = (whole: string, fraction: string) => parseAmount(`${whole || '0'}${fraction ? `.${fraction}` : ''}`, rules.currency, { min: options.min, anyAmount: options.anyAmount });
  if (input.length > 40) return { problem: 'invalid' };
  let text = input
    .normalize('NFKC')
    .replace(BIDI_MARKS, '')
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .trim();
  if (text === '') return { problem: 'invalid' };
  const unsigned = withoutSign(text, rules.currency, locale);
  if (unsigned === undefined) return { problem: /\p{Sc}|^[A-Za-z]{3}\b|\b[A-Za-z]{3}$/u.test(text) ? 'currency' : 'invalid' };
  text = unsigned;
  if (!/^[\d.,' \u2019\u066B\u066C]+$/.test(text) || !/\d/.test(text)) return { problem: 'invalid' };

  // The Arabic decimal separator is one whatever the locale: everything before it groups.
  if (text.includes(ARABIC_DECIMAL)) {
    const [head, fraction, ...more] = text.split(ARABIC_DECIMAL);
    if (more.length || !/^\d*$/.test(fraction)) return { problem: 'invalid' };
    const whole = groupedDigits(head, /[.,' \u2019\u066C]/);
    return whole === undefined ? { problem: 'invalid' } : amount(whole, fraction);
  }

  const marks = [...text].filter((c) => c === '.' || c === ',');
  const kinds = new Set(marks);
  let decimal: string | undefined;
  if (kinds.size === 2) {
    // Both: the last one is the decimal separator ('1.234,56', '1,234.56'), once and at the end.
    decimal = marks[marks.length - 1]!;
    if (marks.filter((m) => m === decimal).length > 1) return { problem: 'invalid' };
  } else if (marks.length === 1) {
    const mark = marks[0];
    const [head, tail] = text.split(mark) as [string, string];
    const couldGroup = /^\d{3}$/.test(tail) && groupedDigits(`${head}${mark}${tail}`, /[.,' \u2019\u066C]/) !== undefined;
    if (!couldGroup) decimal = mark;
    else {
      // '5,000' or '1.234': grouping in some languages, three decimals in others.
      // The Arabic separators stand for ',' and '.' typed on a Latin keyboard.
      const seps = localeSeparators(locale);
      const group = seps.group === '\u066C' ? ',' : seps.group;
      const localDecimal = seps.decimal === ARABIC_DECIMAL ? '.' : seps.decimal;
      if (rules.decimals === 0) decimal = undefined; // no decimals at all: it groups (¥5,000)
      else if (mark === group && rules.decimals < 3) decimal = undefined; // '1,234' on an English browser
      else if (mark === localDecimal && rules.decimals === 3) decimal = mark; // '1,234' KWD on a German one
      else return { problem: 'ambiguous' };
    }
  }
  // Several of one kind and none of the other: they group ('1.234.567').
  const [head, fraction = ''] = decimal ? (text.split(decimal) as [string, string]) : [text];
  if (!/^\d*$/.test(fraction)) return { problem: 'invalid' };
  const groupSeparators = new RegExp(`[${decimal === ',' ? '.' : decimal === '.' ? ',' : '.,'}' \\u2019\\u066C]`);
  const whole = GROUP_ONLY.test(head) || /[.,]/.test(head) ? groupedDigits(head, groupSeparators) : head;
  if (whole === undefined || (whole === '' && fraction === '')) return { problem: 'invalid' };
  return amount(whole, fraction);
}

/** An example of a price as `locale` writes it ('49.50', '49,50', '5000'), in the currency's decimals. */
export function moneyExample(currency: string, locale = 'en'): string {
  const { decimals } = currencyRules(currency);
  if (decimals === 0) return '5000';
  return `49${localeSeparators(locale).decimal}${'50'.padEnd(decimals, '0')}`;
}

/**
 * The message for a typed amount refused: amountMessage's for the currency's rules, and how to write
 * an amount that reads two ways (`typed` is what was typed).
 */
export function moneyMessage(problem: MoneyProblem, currency: string, options: { locale?: string; min?: number; typed?: string } = {}): string {
  const rules = currencyRules(currency);
  const code = rules.currency.toUpperCase();
  const example = moneyExample(currency, options.locale);
  switch (problem) {
    case 'ambiguous': {
      const typed = (options.typed ?? '').trim();
      const digits = typed.replace(/\D/g, '');
      return `“${typed}” could be read two ways. Write ${digits} without a thousands separator, or decimals as in ${example}.`;
    }
    case 'currency':
      return `Prices here are in ${code} (${currencySymbol(currency)}): type the amount only, e.g. ${example}.`;
    case 'invalid':
      return `Please enter an amount in ${code}, e.g. ${example}.`;
    default:
      return amountMessage(problem, currency, { min: options.min });
  }
}
