// The response headers CloudFront adds to the site's answers: the pages' strict Content-Security-
// Policy (inline scripts by hash, from the HTML this synth deploys, or the source page when there is
// no build yet), the console never framed, the public pages clinics embed framed by any https site,
// and uploads and build files that can never run as a page of ours. Made in the stack's scope.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, type Stack } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { htmlFilesOf, PUBLIC_PAGES } from '../../shared/public-pages';
import { contentSecurityPolicy, inlineScriptHashes } from './csp';
import { PROJECT_ROOT } from './paths';

/** The SPA's source page: its inline scripts are the built page's (Vite keeps them as they are). */
const WEB_SOURCE_HTML = join(PROJECT_ROOT, 'web', 'index.html');

export class SiteHeaders {
  /** CloudFront's managed security headers: the API's answers. */
  readonly api = ResponseHeadersPolicy.SECURITY_HEADERS;
  /** The console's pages (and the API reference page): strict CSP, never framed. */
  readonly console: ResponseHeadersPolicy;
  /** The public pages clinics put on their websites: strict CSP, framed by https sites. */
  readonly embeddable: ResponseHeadersPolicy;
  /** /assets/*: uploads and build files, no sniffing, no active content. */
  readonly assets: ResponseHeadersPolicy;

  constructor(scope: Stack, props: { webBuild: string }) {
    const { webBuild } = props;
    // Every page the build holds (the console's and each public page's in each language): their inline scripts.
    const pages = existsSync(join(webBuild, 'index.html'))
      ? ['index.html', ...PUBLIC_PAGES.flatMap(htmlFilesOf)].map((file) => join(webBuild, file)).filter((file) => existsSync(file))
      : [WEB_SOURCE_HTML];
    const scriptHashes = [...new Set(pages.flatMap((file) => inlineScriptHashes(readFileSync(file, 'utf8'))))];
    const pageHeaders = (id: string, frameAncestors: "'none'" | 'https:') =>
      new ResponseHeadersPolicy(scope, id, {
        comment: frameAncestors === 'https:' ? 'Public pages (embeddable): strict CSP, framed by https sites' : 'Console: strict CSP, never framed',
        securityHeadersBehavior: {
          contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ scriptHashes, frameAncestors }), override: true },
          contentTypeOptions: { override: true },
          ...(frameAncestors === "'none'" ? { frameOptions: { frameOption: HeadersFrameOption.DENY, override: true } } : {}),
          referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
          strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        },
      });
    this.console = pageHeaders('PageHeaders', "'none'");
    this.embeddable = pageHeaders('EmbeddablePageHeaders', 'https:');
    // Uploaded files must never run as a page of ours, even if opened directly.
    this.assets = new ResponseHeadersPolicy(scope, 'AssetsHeaders', {
      comment: 'Uploads and build files: no sniffing, no active content',
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        contentSecurityPolicy: { contentSecurityPolicy: "default-src 'none'", override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
  }
}
