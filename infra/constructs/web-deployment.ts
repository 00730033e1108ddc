// The built web app, uploaded to the web bucket on deploy (only when it has been built: synth must
// work without it). Made in the stack's scope (logical ids as before the split, infra/stack.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { OPENAPI_PATH } from '../api-docs/docs-page';
import { WEB_DEPLOYMENT_ACKNOWLEDGEMENTS, acknowledge } from '../compliance';
import { WEB_ASSETS_DIR } from './site';

/** Deploys `webBuild` when it holds a build; true if it did. */
export function deployWebBuild(scope: Stack, props: { webBuild: string; web: IBucket; distribution: IDistribution }): boolean {
  const { webBuild, web, distribution } = props;
  if (!existsSync(join(webBuild, 'index.html'))) return false;
  if (!existsSync(join(webBuild, OPENAPI_PATH))) {
    throw new Error(`${webBuild} has no ${OPENAPI_PATH.slice(1)}: run npm run build (it writes the API document and its page after the console).`);
  }
  // Hashed files first, cached for a year and never pruned (an open tab may still ask for the
  // previous build's chunks); then everything else, revalidated on each use, so index.html never
  // points at chunks that are not there yet.
  // The build's .br/.gz copies are for the local server; CloudFront compresses on its own.
  const webAssets = Source.asset(webBuild, { exclude: ['*.br', '*.gz'] });
  const hashed = new BucketDeployment(scope, 'WebHashedFiles', {
    sources: [webAssets],
    destinationBucket: web,
    exclude: ['*'],
    include: [`${WEB_ASSETS_DIR}/*`],
    cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    prune: false,
    memoryLimit: 512,
  });
  const shell = new BucketDeployment(scope, 'WebShell', {
    sources: [webAssets],
    destinationBucket: web,
    exclude: [`${WEB_ASSETS_DIR}/*`, '.vite/*'],
    cacheControl: [CacheControl.noCache()],
    prune: true,
    distribution,
    distributionPaths: ['/*'],
    memoryLimit: 512,
  });
  shell.node.addDependency(hashed);
  // The deployments' shared custom-resource function (a singleton in the stack).
  for (const child of scope.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) acknowledge(child, WEB_DEPLOYMENT_ACKNOWLEDGEMENTS);
  }
  return true;
}
