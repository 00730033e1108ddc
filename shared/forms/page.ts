// Display rules of the public form page (spec section 2 "Public form page detail" and section 4
// "Public form"), as pure functions so they are unit-tested once and the page only renders.
import type { PublicForm, PublicPackage } from './types';

/** Narrower images than this (natural width, px) are replaced by the fallback image. */
export const MIN_IMAGE_WIDTH = 100;
/** Delay before the payment tab or the redirect opens (ms). */
export const REDIRECT_DELAY_MS = 1500;
export const PROCESSING_TEXT = 'Processing...';
export const REDIRECTING_TO_PAYMENT = 'Redirecting to payment page...';
export const PAYMENT_CANCELLED = 'Payment was cancelled; nothing was charged.';
export const PAYMENT_RECEIVED = 'Thank you for your payment. A receipt is on its way to your email.';

/** Cards per row of the package grid: 3, except exactly 4 packages go 2 per row. */
export function packagesPerRow(count: number): 2 | 3 {
  return count === 4 ? 2 : 3;
}

export interface ImageState {
  /** The image's address; empty or missing means no image. */
  src?: string | null;
  /** The browser reported an error loading it. */
  failed?: boolean;
  /** naturalWidth once loaded (undefined while loading). */
  naturalWidth?: number;
}

/** True when the fallback image must show: no image, a broken one, or one narrower than 100 px. */
export function needsFallbackImage(state: ImageState): boolean {
  if (!state.src || !state.src.trim()) return true;
  if (state.failed) return true;
  return state.naturalWidth !== undefined && state.naturalWidth < MIN_IMAGE_WIDTH;
}

export interface ButtonTexts {
  /** Submits (with payment when the package is payable). */
  primary: string;
  /** Submits without payment; null means the button is hidden. */
  secondary: string | null;
}

/** Texts of the two submit buttons for the chosen package. */
export function buttonTexts(form: Pick<PublicForm, 'submitButtonText' | 'secondButtonText'>, pkg: Pick<PublicPackage, 'isPayable'> | null | undefined): ButtonTexts {
  const payable = pkg?.isPayable === true;
  const primary = payable ? 'Pay Now' : form.submitButtonText?.trim() || 'Submit Form';
  const secondary = form.secondButtonText?.trim() ? (payable ? 'Submit' : 'Submit Form') : null;
  return { primary, secondary };
}

/** The Select button shows when there is more than one package, or the package has no custom amount. */
export function showSelectButton(packages: Pick<PublicPackage, 'customAmountEnabled'>[], pkg: Pick<PublicPackage, 'customAmountEnabled'>): boolean {
  return packages.length > 1 || !pkg.customAmountEnabled;
}

/**
 * How the page lays out: no packages (fields only), exactly one package with a custom amount
 * (everything inline), or package cards whose Select opens a modal with the fields.
 */
export function pageLayout(packages: Pick<PublicPackage, 'customAmountEnabled'>[]): 'fields' | 'inline' | 'cards' {
  if (packages.length === 0) return 'fields';
  if (packages.length === 1 && packages[0].customAmountEnabled) return 'inline';
  return 'cards';
}

/** The package chosen on load: the one matching the form's packageId, else the first. */
export function defaultPackage<P extends { id: string }>(packages: P[], packageId: string | null | undefined): P | undefined {
  return packages.find((p) => p.id === packageId) ?? packages[0];
}

/** Whether the price shows on a card: not when the visitor types the amount. */
export const showsPrice = (pkg: Pick<PublicPackage, 'customAmountEnabled'>) => !pkg.customAmountEnabled;

/**
 * Where to send the visitor after a submission without payment: the URL as is when it has an http or
 * https scheme, otherwise the site origin joined to it (so 'thanks' and '//x' stay on this site, and
 * 'javascript:' never runs).
 */
export function redirectTarget(url: string | null | undefined, origin: string): string | null {
  const value = (url ?? '').trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `${origin.replace(/\/+$/, '')}/${value.replace(/^[/\\]+/, '')}`;
}

/** An image key (relative path) joined to the asset base; absolute http(s) URLs stay as they are. */
export function assetUrl(image: string | null | undefined, assetBase = '/assets'): string | null {
  const value = (image ?? '').trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `${assetBase.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
}

/** Labels show a red star when required; checkbox and hidden fields have no label. */
export const hasLabel = (type: string) => type !== 'checkbox' && type !== 'hidden';
