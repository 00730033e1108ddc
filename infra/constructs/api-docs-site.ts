// The API document and its reference page (issue 16) on the site: built into dist/web/api/ by
// npm run build (scripts/build-openapi.ts) and deployed with the web assets; CloudFront serves them
// from the web bucket, ahead of the /api/* behaviour (the API). Made in the stack's scope.
import type { Stack } from 'aws-cdk-lib';
import {
  type BehaviorOptions,
  CachePolicy,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  type IOrigin,
  type IResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { DOCS_FILES, DOCS_PATH, OPENAPI_PATH } from '../api-docs/docs-page';

/** CloudFront behaviours for the document and the page (the console's strict CSP on both). */
export function apiDocsBehaviours(scope: Stack, webOrigin: IOrigin, consoleHeaders: IResponseHeadersPolicy): Record<string, BehaviorOptions> {
  const docsPage = DOCS_FILES.find((f) => f.path === DOCS_PATH)!;
  const docsRewrite = new CloudFrontFunction(scope, 'ApiDocsRewrite', {
    comment: 'The API reference page: /api/docs is its index.html',
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(`function handler(event) {
  var request = event.request;
  if (request.uri === '${DOCS_PATH}' || request.uri === '${DOCS_PATH}/') request.uri = '/${docsPage.key}';
  return request;
}`),
  });
  return {
    [OPENAPI_PATH]: { origin: webOrigin, viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS, cachePolicy: CachePolicy.CACHING_OPTIMIZED, responseHeadersPolicy: consoleHeaders, compress: true },
    [`${DOCS_PATH}*`]: {
      origin: webOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      // The console's strict CSP: the page has no inline script and loads the viewer from the site.
      responseHeadersPolicy: consoleHeaders,
      compress: true,
      functionAssociations: [{ function: docsRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    },
  };
}
