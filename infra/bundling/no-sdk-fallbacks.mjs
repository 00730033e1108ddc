// Stands in for two of the AWS SDK's run-time fallbacks that a Lambda on Node 24 never takes:
// - Sha256Js, the pure-JavaScript SHA-256 that Sha256Node falls back to when node:crypto has no
//   sha256 (it always has);
// - AdaptiveRetryStrategy (and the client-side rate limiter only it uses), taken only with
//   retryMode 'adaptive': our clients use the standard mode;
// - the region from EC2's instance metadata, asked only when the environment names none: Lambda
//   always sets AWS_REGION, and no function runs on EC2 (as if AWS_EC2_METADATA_DISABLED were set).
// Together about 7 KB of every bundle (build.mjs's sdkFallbacksPlugin). If one is ever reached, it
// fails loudly here instead of running without it.
const missing = (what) =>
  class {
    constructor() {
      throw new Error(`This function was bundled without the SDK's ${what} (infra/bundling/no-sdk-fallbacks.mjs).`);
    }
  };
export const Sha256Js = missing('JavaScript SHA-256');
export const AdaptiveRetryStrategy = missing("adaptive retry mode");
export const getInstanceMetadataRegion = async () => undefined;
