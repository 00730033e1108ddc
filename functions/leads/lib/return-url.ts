// Where Stripe Checkout sends the visitor back: only this site's own origin (APP_URL), given as an
// absolute URL on it or as a path. Anything else would make the payment link an open redirect.
import { config } from '#lib/config';

const PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** The absolute URL on this site, or undefined when `raw` points elsewhere (or is not http(s)). */
export function sameSiteUrl(raw: string, appUrl = config.appUrl): string | undefined {
  const value = raw.trim();
  if (!value || /[\u0000-\u001f\\]/.test(value)) return undefined;
  const origin = new URL(appUrl).origin;
  // A relative value must be a path: '//host' and 'host/path' are not.
  if (!/^[a-z][a-z\d+.-]*:/i.test(value) && !(value.startsWith('/') && !value.startsWith('//'))) return undefined;
  try {
    const url = new URL(value, `${origin}/`);
    if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
    return url.href.replaceAll(encodeURIComponent(PLACEHOLDER), PLACEHOLDER).replaceAll('%7BCHECKOUT_SESSION_ID%7D', PLACEHOLDER);
  } catch {
    return undefined;
  }
}

/** The public form page, where the visitor lands after paying or cancelling by default. */
export function publicFormUrl(formId: string, apiKey: string, payment: 'success' | 'cancelled', appUrl = config.appUrl): string {
  const session = payment === 'success' ? `&session_id=${PLACEHOLDER}` : '';
  return `${appUrl}/form-builder/public/${encodeURIComponent(formId)}/${encodeURIComponent(apiKey)}?payment=${payment}${session}`;
}
