// Typed amounts in each console language: what a person writes is read as they mean it, or refused
// with a message, never read 100 times too high ('85,00' was €8,500.00 through a number input).
import { describe, expect, it } from 'vitest';
import { localeSeparators, moneyExample, moneyMessage, parseMoney } from './money-text';

const minor = (text: string, currency: string, locale: string) => parseMoney(text, currency, { locale }).minor;
const problem = (text: string, currency: string, locale: string) => parseMoney(text, currency, { locale }).problem;

describe('parseMoney: the separators come from Intl', () => {
  it('knows each language’s decimal separator', () => {
    expect(localeSeparators('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(localeSeparators('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(localeSeparators('es-ES').decimal).toBe(',');
    expect(localeSeparators('pt-BR')).toEqual({ decimal: ',', group: '.' });
    // French groups with a narrow no-break space: typed text makes it a plain space.
    expect(localeSeparators('fr-FR')).toEqual({ decimal: ',', group: ' ' });
  });
});

describe.each(['en-US', 'es-ES', 'fr-FR', 'de-DE', 'pt-BR', 'ar'])('parseMoney in %s', (locale) => {
  it('reads a decimal comma and a decimal point alike (€85.00, never €8,500.00)', () => {
    expect(minor('85,00', 'eur', locale)).toBe(8500);
    expect(minor('85.00', 'eur', locale)).toBe(8500);
    expect(minor('85,5', 'eur', locale)).toBe(8550);
    expect(minor('85.5', 'eur', locale)).toBe(8550);
    expect(minor('85', 'eur', locale)).toBe(8500);
    expect(minor('0,50', 'eur', locale)).toBe(50);
    expect(minor(' 85,50 ', 'eur', locale)).toBe(8550);
  });

  it('reads grouping with both separators, and spaces', () => {
    expect(minor('1.234,56', 'eur', locale)).toBe(123456);
    expect(minor('1,234.56', 'eur', locale)).toBe(123456);
    expect(minor('1 234,56', 'eur', locale)).toBe(123456);
    expect(minor('1\u202f234,56', 'eur', locale)).toBe(123456);
    expect(minor('1\u00a0234.56', 'eur', locale)).toBe(123456);
    expect(minor('12.345,67', 'eur', locale)).toBe(1234567);
    expect(minor('1,234,567', 'jpy', locale)).toBe(1234567);
    expect(minor('12,345,678', 'usd', locale)).toBeUndefined(); // above Stripe's maximum
    expect(problem('12,345,678', 'usd', locale)).toBe('max');
  });

  it('takes the currency’s sign before or after the amount', () => {
    expect(minor('€85,00', 'eur', locale)).toBe(8500);
    expect(minor('85,00 €', 'eur', locale)).toBe(8500);
    expect(minor('EUR 85.00', 'eur', locale)).toBe(8500);
    expect(minor('¥5,000', 'jpy', locale)).toBe(500000 / 100);
    expect(minor('$49.50', 'usd', locale)).toBe(4950);
  });

  it('refuses another currency’s sign, text, a minus and misplaced groups', () => {
    expect(problem('$85', 'eur', locale)).toBe('currency');
    expect(problem('85 USD', 'eur', locale)).toBe('currency');
    expect(problem('eighty', 'eur', locale)).toBe('invalid');
    expect(problem('-85', 'eur', locale)).toBe('invalid');
    expect(problem('85 00', 'eur', locale)).toBe('invalid');
    expect(problem('1,23,4', 'eur', locale)).toBe('invalid');
    expect(problem('1.2.3,4', 'eur', locale)).toBe('invalid');
    expect(problem(',', 'eur', locale)).toBe('invalid');
    expect(problem('', 'eur', locale)).toBe('invalid');
  });

  it('refuses more decimals than the currency has', () => {
    expect(problem('85,5555', 'eur', locale)).toBe('decimals');
    expect(problem('1234,567', 'eur', locale)).toBe('decimals');
    expect(problem('85.5', 'jpy', locale)).toBe('decimals');
    expect(problem('85,5', 'jpy', locale)).toBe('decimals');
    expect(problem('5,5', 'isk', locale)).toBe('decimals');
    // Zeros past the currency's decimals change nothing.
    expect(minor('85,5000', 'eur', locale)).toBe(8550);
  });

  it('zero-decimal currencies: a lone separator before three digits groups', () => {
    expect(minor('5,000', 'jpy', locale)).toBe(5000);
    expect(minor('5.000', 'jpy', locale)).toBe(5000);
    expect(minor('5 000', 'jpy', locale)).toBe(5000);
    expect(minor('1.234.567', 'krw', locale)).toBe(1234567);
    expect(minor('ISK 5.000', 'isk', locale)).toBe(500000);
    expect(problem('49', 'jpy', locale)).toBe('min');
  });

  it('three-decimal currencies: KWD 5.120 and its last digit 0', () => {
    expect(minor('5.12', 'kwd', locale)).toBe(5120);
    expect(minor('5,12', 'kwd', locale)).toBe(5120);
    expect(minor('1.234,560', 'kwd', locale)).toBe(1234560);
    expect(problem('5.1234', 'kwd', locale)).toBe('decimals');
    expect(problem('12.345,125', 'kwd', locale)).toBe('step');
  });

  it('full-width digits of an IME', () => {
    expect(minor('５，０００', 'jpy', locale)).toBe(5000);
    expect(minor('８５．５０', 'eur', locale)).toBe(8550);
  });

  it('Arabic-Indic digits and the Arabic separators', () => {
    expect(minor('٨٥٫٥٠', 'eur', locale)).toBe(8550);
    expect(minor('١٬٢٣٤٫٥٦', 'eur', locale)).toBe(123456);
    expect(minor('۸۵', 'eur', locale)).toBe(8500);
    expect(minor('\u200f١٬٢٣٤٫٥٠\u00a0€', 'eur', locale)).toBe(123450);
    expect(minor('٥٬٠٠٠', 'jpy', locale)).toBe(5000);
  });
});

describe('parseMoney: a lone separator before three digits', () => {
  it('groups where the language groups with it, for two-decimal currencies', () => {
    expect(minor('1,234', 'usd', 'en-US')).toBe(123400);
    expect(minor('1,234', 'eur', 'en-GB')).toBe(123400);
    expect(minor('1.234', 'eur', 'de-DE')).toBe(123400);
    expect(minor('1.234', 'eur', 'es-ES')).toBe(123400);
    expect(minor('1.234', 'brl', 'pt-BR')).toBe(123400);
    expect(minor('1,234', 'sar', 'ar')).toBe(123400);
    // Arabic with its own digits: a Latin comma stands for its thousands separator.
    expect(minor('1,234', 'egp', 'ar-EG')).toBe(123400);
  });

  it('refuses what a language writes as decimals, or does not write at all', () => {
    expect(problem('1,234', 'eur', 'de-DE')).toBe('ambiguous');
    expect(problem('1,234', 'eur', 'es-ES')).toBe('ambiguous');
    expect(problem('1,234', 'brl', 'pt-BR')).toBe('ambiguous');
    expect(problem('1,234', 'eur', 'fr-FR')).toBe('ambiguous');
    expect(problem('1.234', 'eur', 'fr-FR')).toBe('ambiguous');
    expect(problem('1.234', 'eur', 'en-US')).toBe('ambiguous');
    expect(problem('12.500', 'usd', 'en-US')).toBe('ambiguous');
  });

  it('three-decimal currencies read it as the language’s decimals, or refuse', () => {
    expect(minor('1.230', 'kwd', 'en-US')).toBe(1230);
    expect(minor('1,230', 'kwd', 'de-DE')).toBe(1230);
    expect(problem('1,230', 'kwd', 'en-US')).toBe('ambiguous');
    expect(problem('1.230', 'kwd', 'de-DE')).toBe('ambiguous');
  });

  it('is decimals when it cannot group', () => {
    expect(minor('0,500', 'eur', 'de-DE')).toBe(50);
    expect(problem('1234,500', 'eur', 'en-US')).toBeUndefined();
    expect(minor('1234,500', 'eur', 'en-US')).toBe(123450);
  });
});

describe('parseMoney: minimums', () => {
  it('Stripe’s minimum unless any amount goes, and a higher one', () => {
    expect(problem('0,49', 'eur', 'de-DE')).toBe('min');
    expect(parseMoney('0', 'eur', { locale: 'de-DE', anyAmount: true })).toEqual({ minor: 0 });
    expect(parseMoney('9,99', 'eur', { locale: 'de-DE', min: 1000 })).toEqual({ problem: 'min' });
  });
});

describe('moneyMessage', () => {
  it('says how to write an amount that reads two ways, in the person’s decimals', () => {
    expect(moneyMessage('ambiguous', 'eur', { locale: 'de-DE', typed: '1,234' })).toBe('“1,234” could be read two ways. Write 1234 without a thousands separator, or decimals as in 49,50.');
    expect(moneyMessage('ambiguous', 'eur', { locale: 'en-US', typed: '1.234' })).toBe('“1.234” could be read two ways. Write 1234 without a thousands separator, or decimals as in 49.50.');
  });

  it('names the currency and an example', () => {
    expect(moneyMessage('currency', 'eur', { locale: 'fr-FR' })).toBe('Prices here are in EUR (€): type the amount only, e.g. 49,50.');
    expect(moneyMessage('invalid', 'jpy', { locale: 'en-US' })).toBe('Please enter an amount in JPY, e.g. 5000.');
    expect(moneyMessage('invalid', 'kwd', { locale: 'en-US' })).toBe('Please enter an amount in KWD, e.g. 49.500.');
    expect(moneyMessage('decimals', 'jpy')).toBe('Amounts in JPY have no decimals');
    expect(moneyMessage('min', 'eur')).toBe('Minimum €0.50');
    expect(moneyExample('eur', 'pt-BR')).toBe('49,50');
  });
});
