// Redirect addresses as staff type them (form builder, booking packages). 'clinic.example.com/thanks'
// typed without a scheme is not a path of this site, though the spec's rule would make it one
// (origin + '/clinic.example.com/thanks', the staff sign-in page): the forms catch it where it is
// typed and offer the https:// address instead.

const FILE_ENDINGS = /\.(html?|php|aspx?|jsp|cgi)$/i;

/** The https:// address meant by a web address typed without its scheme; null for anything else. */
export function bareDomainFix(value: string): string | null {
  const v = value.trim();
  if (!v || /^[a-z][a-z0-9+-]*:(?!\d)/i.test(v) || v.startsWith('/') || /\s/.test(v)) return null;
  const host = v.split(/[/?#]/, 1)[0].replace(/:\d+$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || FILE_ENDINGS.test(host)) return null;
  if (!labels.every((l) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/i.test(l))) return null;
  if (!/^[a-z]{2,}$/i.test(labels.at(-1)!)) return null;
  return `https://${v}`;
}

export const REDIRECT_URL_MESSAGES = {
  bareDomain: 'This looks like a web address without https:// in front. Add it, or start a page of this site with /.',
  scheme: 'Enter a web address starting with https://, or a page of this site such as /thanks.',
} as const;

/**
 * The form builder's redirect URL: empty, an http(s) address, or a path of this site. Returns the
 * message for anything else (a bare domain, another scheme such as javascript: or mailto:).
 */
export function redirectUrlProblem(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (/^https?:\/\/[^/\s]+/i.test(v)) return undefined;
  if (bareDomainFix(v)) return REDIRECT_URL_MESSAGES.bareDomain;
  if (/^[a-z][a-z0-9+-]*:(?!\d)/i.test(v) || v.startsWith('//')) return REDIRECT_URL_MESSAGES.scheme;
  return undefined;
}

/** A page of this site: one leading slash (not '//', which is another host), no spaces or backslashes. */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value.trim());
}
