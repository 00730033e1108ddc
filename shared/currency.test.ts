// Stripe's published rules (docs.stripe.com/currencies, the minimum charge table and the special
// cases) for the currencies most likely to be charged wrong.
import { describe, expect, it } from 'vitest';
import { CURRENCIES, ENDED_CURRENCIES, amountMessage, checkMinor, currencyForCountry, currencyOf, currencyRules, endedCurrencyMessage, formatMoney, fromMinor, inputStep, parseAmount, toInputValue, toMinor } from './currency';

describe('currency rules', () => {
  it('JPY is zero-decimal: ¥5,000 is 5000, minimum ¥50', () => {
    expect(currencyRules('jpy')).toMatchObject({ exponent: 0, step: 1, decimals: 0, minMinor: 50 });
    expect(toMinor(5000, 'jpy')).toBe(5000);
    expect(parseAmount('5000', 'jpy')).toEqual({ minor: 5000 });
    expect(parseAmount('5000.5', 'jpy')).toEqual({ problem: 'decimals' });
    expect(parseAmount('5000.00', 'jpy')).toEqual({ minor: 5000 });
    expect(parseAmount('49', 'jpy')).toEqual({ problem: 'min' });
    expect(amountMessage('min', 'jpy')).toBe('Minimum ¥50');
    expect(formatMoney(5000, 'jpy')).toBe('¥5,000');
    expect(inputStep('jpy')).toBe('1');
  });

  it('KRW is zero-decimal', () => {
    expect(currencyRules('KRW')).toMatchObject({ exponent: 0, step: 1 });
    expect(parseAmount(30000, 'krw')).toEqual({ minor: 30000 });
    expect(formatMoney(30000, 'krw')).toBe('₩30,000');
    expect(amountMessage('decimals', 'krw')).toBe('Amounts in KRW have no decimals');
  });

  it('EUR and GBP are two-decimal with minimums €0.50 and £0.30', () => {
    expect(parseAmount('12.5', 'eur')).toEqual({ minor: 1250 });
    expect(parseAmount('0.49', 'eur')).toEqual({ problem: 'min' });
    expect(parseAmount('0.30', 'gbp')).toEqual({ minor: 30 });
    expect(parseAmount('0.29', 'gbp')).toEqual({ problem: 'min' });
    expect(parseAmount('1.234', 'eur')).toEqual({ problem: 'decimals' });
    expect(amountMessage('min', 'gbp')).toBe('Minimum £0.30');
    expect(formatMoney(1250, 'eur', 'de-DE')).toBe('12,50\u00a0€');
    expect(formatMoney(1250, 'eur')).toBe('€12.50');
    expect(toInputValue(1250, 'eur')).toBe('12.50');
    expect(fromMinor(1250, 'eur')).toBe(12.5);
  });

  it('KWD is three-decimal and its amounts end in 0', () => {
    expect(currencyRules('kwd')).toMatchObject({ exponent: 3, step: 10, decimals: 3 });
    expect(parseAmount('5.12', 'kwd')).toEqual({ minor: 5120 });
    expect(parseAmount('5.125', 'kwd')).toEqual({ problem: 'step' });
    expect(checkMinor(5125, 'kwd')).toEqual({ problem: 'step' });
    expect(amountMessage('step', 'kwd')).toBe('Amounts in KWD must end in 0');
    expect(toMinor(5.12, 'kwd')).toBe(5120);
    expect(formatMoney(5120, 'kwd')).toBe('KWD\u00a05.120');
    expect(inputStep('kwd')).toBe('0.01');
    expect(inputStep('usd')).toBe('0.01');
  });

  it('ISK is two-decimal in the API but whole krónur: ISK 5 is 500', () => {
    expect(currencyRules('isk')).toMatchObject({ exponent: 2, step: 100, decimals: 0 });
    expect(parseAmount('5', 'isk')).toEqual({ minor: 500 });
    expect(parseAmount('5.50', 'isk')).toEqual({ problem: 'decimals' });
    expect(checkMinor(550, 'isk')).toEqual({ problem: 'step' });
    expect(toMinor(5, 'isk')).toBe(500);
    expect(formatMoney(50000, 'isk')).toBe('ISK\u00a0500');
    expect(toInputValue(50000, 'isk')).toBe('500');
    expect(inputStep('isk')).toBe('1');
  });

  it('HUF is two-decimal for charges, minimum 175.00 Ft', () => {
    expect(currencyRules('huf')).toMatchObject({ exponent: 2, step: 1, minMinor: 17500 });
    expect(parseAmount('175.50', 'huf')).toEqual({ minor: 17550 });
    expect(parseAmount('174', 'huf')).toEqual({ problem: 'min' });
  });

  it('USD keeps the spec: $0.50 minimum, 2 decimals, Stripe maximum', () => {
    expect(parseAmount('0.5', 'usd')).toEqual({ minor: 50 });
    expect(parseAmount('0.499', 'usd')).toEqual({ problem: 'decimals' });
    expect(parseAmount('1000000', 'usd')).toEqual({ problem: 'max' });
    expect(parseAmount('abc', 'usd')).toEqual({ problem: 'invalid' });
    expect(parseAmount('10', 'usd', { min: 2000 })).toEqual({ problem: 'min' });
    expect(amountMessage('min', 'usd')).toBe('Minimum $0.50');
  });

  it('reads unknown or missing stored currencies as USD; a country gives its currency', () => {
    expect(currencyOf(undefined)).toBe('usd');
    expect(currencyOf('EUR')).toBe('eur');
    expect(currencyOf('xyz')).toBe('usd');
    expect(currencyForCountry('Japan')).toBe('jpy');
    expect(currencyForCountry('Germany')).toBe('eur');
    expect(currencyForCountry('Kuwait')).toBe('kwd');
    expect(currencyForCountry('United States')).toBe('usd');
    expect(currencyForCountry(undefined)).toBe('usd');
  });

  it('is up to date: Bulgaria charges in EUR since 2026-01-01, the Caribbean guilder (XCG) replaced ANG on 2025-03-31', () => {
    expect(currencyForCountry('Bulgaria')).toBe('eur');
    expect(CURRENCIES).toContain('xcg');
    expect(currencyRules('xcg')).toMatchObject({ exponent: 2, decimals: 2 });
    expect(ENDED_CURRENCIES).toEqual({ bgn: { successor: 'eur', endedOn: '2026-01-01', rate: '1.95583' }, ang: { successor: 'xcg', endedOn: '2025-03-31', rate: '1' } });
    // Prices set in an ended currency still read as what they were.
    expect(currencyOf('bgn')).toBe('bgn');
    expect(formatMoney(9780, 'bgn')).toBe('BGN\u00a097.80');
    expect(endedCurrencyMessage('BGN')).toBe('BGN ended on 2026-01-01: please choose EUR, its successor');
    expect(endedCurrencyMessage('ang')).toBe('ANG ended on 2025-03-31: please choose XCG, its successor');
    expect(endedCurrencyMessage('eur')).toBeUndefined();
  });
});
