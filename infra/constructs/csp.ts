// The SPA's Content-Security-Policy, built at synth from the HTML CloudFront will serve: scripts only
// from the site itself, plus each inline script of its pages (index.html's theme script, the public
// pages' early GET and script loader) by its SHA-256 hash, so a changed inline script without a new
// deploy simply does not run, and an injected one never does. No CDK imports: the tests read it too.
import { createHash } from 'node:crypto';

/** `'sha256-...'` sources for every inline <script> (one without src) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // An external script has a src attribute; data-src (the public pages' loader) is still inline code.
    if (/(?:^|\s)src\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface CspOptions {
  /** Hash sources of the inline scripts allowed to run. */
  scriptHashes: string[];
  /** Who may frame the page: nobody for the console, any https site for the public pages clinics embed. */
  frameAncestors: "'none'" | 'https:';
}

export function contentSecurityPolicy({ scriptHashes, frameAncestors }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // Inline styles: the splash screen's <style> and libraries that inject theirs (toasts); style
    // cannot run code, so this stays open while scripts are locked down.
    "style-src 'self' 'unsafe-inline'",
    // Uploads are served from the site (/assets); QR codes and previews are data: and blob: URLs.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
    'upgrade-insecure-requests',
  ].join('; ');
}
