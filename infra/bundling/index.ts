// How every Lambda is bundled, shared by the CDK stack and `npm run bench` so the figures are the
// deployed ones: minified ESM for Node 22, every dependency bundled, aliases that keep code a
// function cannot use out of its bundle.
import { join } from 'node:path';
import type { Route } from '../../functions/routes';

const HERE = import.meta.dirname;

export const BUNDLE_TARGET = 'node22';

/**
 * esbuild aliases for a function: the env-only credential provider, no SDK event streams, a small
 * LRU for the SDK's unused endpoint cache, and no multipart parser unless its row takes uploads.
 */
export function bundleAliases(route: Pick<Route, 'body'> | undefined): Record<string, string> {
  return {
    '@aws-sdk/credential-provider-node': join(HERE, 'credential-provider-env.mjs'),
    '@smithy/core/event-streams': join(HERE, 'no-event-streams.mjs'),
    'mnemonist/lru-cache': join(HERE, 'small-lru.mjs'),
    ...(route?.body === 'multipart' ? {} : { '@fastify/busboy': join(HERE, 'no-multipart.mjs') }),
  };
}

/** ESM bundles still meet CommonJS dependencies that call require(); give them one. */
export const ESM_REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
