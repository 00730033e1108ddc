// Page addresses of the forms feature, and how a package's price reads in its lists.
import { currencyOf, formatMoney, minimumOf } from '#shared/currency';
import { paths } from '../../config/paths';
import type { PackageView } from './api/forms';

const withId = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

export const formEditPath = (id: string) => withId(paths.formBuilder.edit, id);
export const formSubmissionsPath = (id: string) => withId(paths.formBuilder.submissions, id);
export const leadPath = (id: string) => withId(paths.forms.lead, id);
export const packageEditPath = (id: string) => withId(paths.leadGeneration.edit, id);
/** The public page of a form (needs the organisation's apiKey). */
export const publicFormPath = (formId: string, apiKey: string) => `/form-builder/public/${encodeURIComponent(formId)}/${encodeURIComponent(apiKey)}`;

/** The price in the package's own currency; a custom amount shows its floor when it has one. */
export const priceText = (p: Pick<PackageView, 'priceCents' | 'currency' | 'customAmountEnabled'>) => {
  const currency = currencyOf(p.currency);
  const money = formatMoney(p.priceCents, currency);
  return p.customAmountEnabled ? `Custom amount${p.priceCents >= minimumOf(currency) ? ` from ${money}` : ''}` : money;
};
