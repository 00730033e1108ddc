// One CloudFront distribution in front of it all, behind WAF: the SPA and the public pages from the
// web bucket, /api/* to the HTTP API (with the origin header the functions require), /assets/* to
// the build's hashed files or else the public uploads (never the private ones), and the API document
// and its page. Made in the stack's scope (logical ids as before the split, infra/stack.ts).
import { Duration, type Stack } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  Signing,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/secrets';
import { PUBLIC_PAGES } from '../../shared/public-pages';
import { acknowledge } from '../compliance';
import { apiDocsBehaviours } from './api-docs-site';
import { pageRewriteCode } from './page-rewrite';
import { PRIVATE_UPLOADS_PREFIX } from './api-function';
import type { EdgeProtection } from './edge';
import { API_PREFIX } from './paths';
import { SiteHeaders } from './site-headers';

/** Where Vite puts hashed build files inside dist/web (its default `build.assetsDir`). */
export const WEB_ASSETS_DIR = 'assets';

/**
 * The public pages clinics put on their own websites (shared/public-pages.ts): they may be framed by
 * https sites. Every other page of the site may not be framed at all.
 */
export const EMBEDDABLE_PAGES = PUBLIC_PAGES.flatMap((page) => (page.embeddable ? [page.embeddable] : []));

export { pageRewriteCode } from './page-rewrite';

export interface SiteProps {
  web: IBucket;
  uploads: IBucket;
  logs: IBucket;
  /** The HTTP API's own host name. */
  apiDomain: string;
  originSecret: ISecret;
  edge: EdgeProtection;
  domainName?: string;
  /** The built web app (its pages' inline scripts go into the CSP). */
  webBuild: string;
}

export class Site {
  readonly distribution: Distribution;
  /** The site's address: the domain name, or CloudFront's own. */
  readonly url: string;

  constructor(scope: Stack, { web, uploads, logs, apiDomain, originSecret, edge, domainName, webBuild }: SiteProps) {
    // Page paths as a viewer-request function on the page behaviours only (public pages to their own
    // HTML, the rest of the SPA to index.html). Distribution-wide errorResponses would also turn the
    // API's 404s into index.html.
    const spaRewrite = new CloudFrontFunction(scope, 'SpaRewrite', {
      comment: 'Public pages: their own HTML in the asked language; other extensionless paths are console routes: /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(pageRewriteCode()),
    });
    // /assets/<key>: strip the prefix so the rest is the S3 key, and refuse private keys (appointment
    // attachments) outright, also when percent-encoded. The uploads bucket policy refuses them to
    // CloudFront as well, whatever a request looks like.
    const stripAssets = new CloudFrontFunction(scope, 'AssetsPrefix', {
      comment: 'Strip /assets so the rest of the path is the S3 key; never serve private uploads',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  var key = request.uri.indexOf('/assets/') === 0 ? request.uri.substring(8) : request.uri.substring(1);
  var decoded;
  try { decoded = decodeURIComponent(key); } catch (e) { decoded = '..'; }
  if (decoded.indexOf('${PRIVATE_UPLOADS_PREFIX}') === 0 || decoded.indexOf('..') !== -1 || key.indexOf('..') !== -1) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = '/' + key;
  return request;
}`),
    });

    // One origin access control signs CloudFront's requests to both buckets.
    const originAccessControl = new S3OriginAccessControl(scope, 'OriginAccessControl', { signing: Signing.SIGV4_ALWAYS });
    const webOrigin = S3BucketOrigin.withOriginAccessControl(web, { originAccessControl });
    // /assets/<key> is an upload (keys org/<orgId>/...), but Vite also emits its hashed files to
    // /assets/. Both live behind the same path: the web bucket first (origin path /assets puts the
    // stripped prefix back), then the uploads bucket on a miss. Build files always win over uploads.
    const assetsOrigin = new OriginGroup({
      primaryOrigin: S3BucketOrigin.withOriginAccessControl(web, { originPath: `/${WEB_ASSETS_DIR}`, originAccessControl }),
      fallbackOrigin: S3BucketOrigin.withOriginAccessControl(uploads, { originAccessControl }),
      fallbackStatusCodes: [403, 404],
    });

    const headers = new SiteHeaders(scope, { webBuild });
    const docsBehaviours = apiDocsBehaviours(scope, webOrigin, headers.console);

    uploads.addToResourcePolicy(
      new PolicyStatement({
        sid: 'NoPrivateUploadsThroughCloudFront',
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [uploads.arnForObjects(`${PRIVATE_UPLOADS_PREFIX}*`)],
      }),
    );

    // The API's answers, compressed at the edge like the site's files. CloudFront compresses only under
    // a cache policy that allows caching (CachingDisabled's all-zero TTLs rule it out), so this one
    // allows it yet caches nothing in practice: every API answer says no-store (functions/http/http.ts),
    // nothing is kept without a Cache-Control (default TTL 0), at most a second with one, and the key
    // holds everything an answer may depend on (the caller's Authorization, cookies, query string).
    const apiCachePolicy = new CachePolicy(scope, 'ApiCachePolicy', {
      comment: 'Clinic Suite /api/*: nothing cached (the API answers no-store), answers compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      cookieBehavior: CacheCookieBehavior.all(),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    });

    const page = (responseHeadersPolicy = headers.console) => ({
      origin: webOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      compress: true,
      functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    });
    this.distribution = new Distribution(scope, 'Distribution', {
      comment: 'Clinic Suite: SPA, /api/* and /assets/*',
      ...(domainName ? { domainNames: [domainName], certificate: edge.certificate, minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 } : {}),
      webAclId: edge.webAcl.attrArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Errors are never kept at the edge (CloudFront's default keeps them 10 s): with /api/* under a
      // cache policy that allows caching (for compression), a 503 or a 504 from API Gateway,
      // which carries no Cache-Control, would otherwise be replayed to the next request. TTL only: the
      // answers themselves pass through unchanged.
      errorResponses: [400, 403, 404, 405, 414, 416, 500, 501, 502, 503, 504].map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      // Standard logs: every viewer request with its address, kept a year in the logs bucket.
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultRootObject: 'index.html',
      defaultBehavior: page(),
      additionalBehaviors: {
        ...Object.fromEntries(EMBEDDABLE_PAGES.map((pattern) => [pattern, page(headers.embeddable)])),
        ...docsBehaviours, // before /api/*: CloudFront takes the first pattern that matches
        [`${API_PREFIX}/*`]: {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // Resolved by CloudFormation at deploy time ({{resolve:secretsmanager:...}}): not in the template.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCachePolicy,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers.api,
          compress: true,
        },
        [`/${WEB_ASSETS_DIR}/*`]: {
          origin: assetsOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers.assets,
          compress: true,
          functionAssociations: [{ function: stripAssets, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    this.url = domainName ? `https://${domainName}` : `https://${this.distribution.distributionDomainName}`;
    if (!domainName) {
      acknowledge(this.distribution, [
        ['AwsSolutions-CFR4', "Without a domainName (context) CloudFront serves its own *.cloudfront.net certificate, whose TLS policy cannot be chosen; with one, TLSv1.2_2021 is set (docs/operations.md)."],
      ]);
    }
    acknowledge(this.distribution, [
      ['AwsSolutions-CFR1', "No geo restriction: a clinic's patients and visitors are not confined to one country."],
    ]);
  }
}
