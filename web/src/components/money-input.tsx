// An amount input in the clinic's currency: its symbol before the box, a keyboard and step that fit
// its decimals (none for yen, three for dinars), and a hint naming the currency and Stripe's minimum.
// The value stays the text typed, in major units; shared/currency.ts checks it.
import type { ComponentPropsWithRef } from 'react';
import { currencyRules, currencySymbol, formatMoney, inputStep, minimumOf } from '#shared/currency';

/** 'In dollars, e.g. 49.50. At least $0.50.' for USD; 'In JPY, e.g. 5000. At least ¥50.' for yen. */
export function moneyHint(currency: string, options: { minimum?: boolean } = {}): string {
  const { currency: code, decimals } = currencyRules(currency);
  const example = decimals === 0 ? '5000' : `49.${'50'.padEnd(decimals, '0')}`;
  const unit = code === 'usd' ? 'dollars' : code.toUpperCase();
  const least = options.minimum === false ? '' : ` At least ${formatMoney(minimumOf(code), code)}.`;
  return `In ${unit}, e.g. ${example}.${least}`;
}

/** React 19 passes `ref` as a prop: react-hook-form's register() reaches the input. */
type MoneyInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'step' | 'inputMode' | 'min'> & { currency: string };

/** A number input whose step is the currency's smallest amount, with the currency's symbol before it. */
export function MoneyInput({ currency, ...input }: MoneyInputProps) {
  const { decimals } = currencyRules(currency);
  return (
    <div className="input-group">
      <span className="input-group-text" title={currency.toUpperCase()}>
        {currencySymbol(currency)}
      </span>
      <input {...input} type="number" min={0} step={inputStep(currency)} inputMode={decimals === 0 ? 'numeric' : 'decimal'} autoComplete="off" />
    </div>
  );
}
