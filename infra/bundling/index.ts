// How every Lambda is bundled, shared by the CDK stack and `npm run bench` so the figures are the
// deployed ones: minified ESM for Node 24, every dependency bundled, aliases that keep code a
// function cannot use out of its bundle.
import { join } from 'node:path';

const HERE = import.meta.dirname;

export const BUNDLE_TARGET = 'node24';

/** What a function's route rows let it do (infra/constructs/bundling.ts bundleFeatures). */
export interface BundleFeatures {
  /** A row takes multipart uploads. */
  multipart: boolean;
  /** A row needs a signed-in caller or signs tokens (the rows given the token signing key). */
  tokens: boolean;
  /** A row issues proof-of-work challenges or checks a solution (the rows given the challenge key). */
  challenge: boolean;
  /** A row takes an Idempotency-Key. */
  idempotent: boolean;
}

/**
 * esbuild aliases for a function: the env-only credential provider, no SDK event streams, a small
 * LRU for the SDK's unused endpoint cache, and stand-ins for what its rows cannot use: the multipart
 * parser, the token library, the proof-of-work library.
 */
export function bundleAliases(features: BundleFeatures): Record<string, string> {
  return {
    '@aws-sdk/credential-provider-node': join(HERE, 'credential-provider-env.mjs'),
    '@smithy/core/event-streams': join(HERE, 'no-event-streams.mjs'),
    'mnemonist/lru-cache': join(HERE, 'small-lru.mjs'),
    ...(features.multipart ? {} : { '@fastify/busboy': join(HERE, 'no-multipart.mjs') }),
    ...(features.tokens ? {} : { jose: join(HERE, 'no-tokens.mjs') }),
    ...(features.challenge ? {} : { 'altcha-lib': join(HERE, 'no-challenge.mjs'), 'altcha-lib/algorithms/pbkdf2': join(HERE, 'no-challenge.mjs') }),
  };
}

/**
 * Our own modules a function's rows cannot reach, by their path in the project, and what stands in
 * for them (build.mjs's ownStubsPlugin: relative imports are not esbuild aliases).
 */
export function ownModuleStubs(features: BundleFeatures): Record<string, string> {
  return {
    ...(features.idempotent ? {} : { 'functions/data/idempotency.ts': join(HERE, 'no-idempotency.mjs') }),
    ...(features.challenge ? {} : { 'functions/data/page-activity.ts': join(HERE, 'no-page-activity.mjs') }),
  };
}

/** ESM bundles still meet CommonJS dependencies that call require(); give them one. */
export const ESM_REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
