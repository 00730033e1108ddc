// An amount input in a currency: its symbol before the box, and under it what the typed text reads
// as ('€1,234.56'), so a misread amount is seen before it is saved. A text box, not type=number:
// Chromium's number input on an English browser drops a comma it takes for grouping, so '85,00' was
// 8500. The text is read by parseMoney (shared/money-text.ts) in the typing person's language: a
// decimal comma or point, grouping ('1.234,56', '1,234.56', '1 234,56'), the currency's sign. The
// forms parse it with the same locale (typingLocale) through their schemas.
//
// A price set before the clinic changed currency keeps its currency until it is priced again
// (README "Currencies"): PricedBefore shows it under its own symbol ('¥5,000') with what saving
// does, and 'Set a price in USD' empties the box for a new price in the clinic's currency. So a yen
// amount is never shown, or saved, under a dollar sign.
import { useCallback, useLayoutEffect, useRef, useState, type ComponentPropsWithRef, type ChangeEvent } from 'react';
import { currencyOf, currencyRules, currencySymbol, formatMoney, fromMinor, minimumOf } from '#shared/currency';
import { moneyExample, parseMoney } from '#shared/money-text';
import { watchValueWrites } from './password-input';

/** The language the person types numbers in: the browser's first (the console itself is in English). */
export function typingLocale(): string {
  if (typeof navigator === 'undefined') return 'en-US';
  return navigator.languages?.[0] || navigator.language || 'en-US';
}

/** 'In dollars, e.g. 49.50. At least $0.50.' for USD ('49,50' on a German browser); 'In JPY, e.g. 5000. At least ¥50.' for yen. */
export function moneyHint(currency: string, options: { minimum?: boolean; locale?: string } = {}): string {
  const code = currencyOf(currency);
  const unit = code === 'usd' ? 'dollars' : code.toUpperCase();
  const least = options.minimum === false ? '' : ` At least ${formatMoney(minimumOf(code), code)}.`;
  return `In ${unit}, e.g. ${moneyExample(code, options.locale ?? typingLocale())}.${least}`;
}

/** A stored amount as the box starts with it, in the person's decimals and without grouping ('85,00' in German). */
export function moneyInputValue(minor: number, currency: string, locale = typingLocale()): string {
  const { decimals } = currencyRules(currency);
  const major = fromMinor(minor, currency);
  try {
    return new Intl.NumberFormat(locale, { useGrouping: false, minimumFractionDigits: decimals, maximumFractionDigits: decimals, numberingSystem: 'latn' }).format(major);
  } catch {
    return major.toFixed(decimals);
  }
}

/** React 19 passes `ref` as a prop: react-hook-form's register() reaches the input. */
type MoneyInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'step' | 'inputMode' | 'min'> & { currency: string };

/** A text box for an amount of `currency`, its symbol before it and what it reads as under it. */
export function MoneyInput({ currency, ref, onChange, ...input }: MoneyInputProps) {
  const { decimals } = currencyRules(currency);
  const [text, setText] = useState(typeof input.value === 'string' ? input.value : '');
  const node = useRef<HTMLInputElement | null>(null);
  const setRefs = useCallback(
    (el: HTMLInputElement | null) => {
      node.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  // What is in the box however it got there: typed, or written by react-hook-form (defaults, reset, setValue).
  useLayoutEffect(() => {
    const el = node.current;
    if (!el) return undefined;
    setText(el.value);
    return watchValueWrites(el, setText);
  }, []);
  const shown = typeof input.value === 'string' ? input.value : text;
  const read = shown.trim() ? parseMoney(shown, currency, { locale: typingLocale(), anyAmount: true }) : undefined;
  const invalid = Boolean(input['aria-invalid']);
  const readsId = input.id ? `${input.id}-reads` : undefined;
  const describedBy = [input['aria-describedby'], read?.minor !== undefined && !invalid ? readsId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <div className={`input-group${invalid ? ' has-validation' : ''}`}>
        <span className="input-group-text" title={currency.toUpperCase()}>
          {currencySymbol(currency)}
        </span>
        <input
          {...input}
          ref={setRefs}
          type="text"
          inputMode={decimals === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={describedBy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setText(event.target.value);
            onChange?.(event);
          }}
        />
      </div>
      <div id={readsId} className="form-text mt-1 money-reads" aria-live="polite">
        {read?.minor !== undefined && !invalid ? `Reads as ${formatMoney(read.minor, currency)}` : ''}
      </div>
    </>
  );
}

/**
 * A price set in another currency before the clinic changed its own: shown under its own symbol,
 * read-only, as it will be charged. Saving keeps it; `onReprice` starts a new price in the clinic's.
 */
export function PricedBefore({ id, minor, currency, clinicCurrency, onReprice }: { id: string; minor: number; currency: string; clinicCurrency: string; onReprice: () => void }) {
  const { decimals } = currencyRules(currency);
  const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(fromMinor(minor, currency));
  return (
    <>
      <div className="input-group">
        <span className="input-group-text" title={currency.toUpperCase()}>
          {currencySymbol(currency)}
        </span>
        <input id={id} className="form-control" value={amount} readOnly aria-describedby={`${id}-before`} />
      </div>
      <div id={`${id}-before`} className="alert alert-warning small py-2 px-3 mt-2 mb-0" role="note">
        Priced in {currency.toUpperCase()} before the clinic changed to {clinicCurrency.toUpperCase()}: patients pay {formatMoney(minor, currency)}, and saving keeps it.{' '}
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onReprice}>
          Set a price in {clinicCurrency.toUpperCase()}
        </button>
      </div>
    </>
  );
}

/** Under a new price for an item priced in another currency: the way back to keeping that one. */
export function RepriceNote({ minor, currency, clinicCurrency, onKeep }: { minor: number; currency: string; clinicCurrency: string; onKeep: () => void }) {
  return (
    <>
      A new price in {clinicCurrency.toUpperCase()}, the clinic&apos;s currency.{' '}
      <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onKeep}>
        Keep {formatMoney(minor, currency)}
      </button>
    </>
  );
}

/**
 * Whether an item priced in another currency than the clinic's (a change of currency since) keeps
 * that price (`keeping`) or is being priced again. Nothing is old while the clinic's currency loads.
 */
export function useOldPrice(item: { currency?: string | null } | undefined, clinic: { currency: string; loading: boolean }) {
  const old = Boolean(item && !clinic.loading && currencyOf(item.currency) !== clinic.currency);
  const [repricing, setRepricing] = useState(false);
  return { old, keeping: old && !repricing, repricing: old && repricing, setRepricing, currency: old && !repricing ? currencyOf(item?.currency) : currencyOf(clinic.currency) };
}
