// Which upload keys may be served publicly at /assets/<key>. Dependency-free: the local server and
// the CDK stack's CloudFront function follow the same rule.
export const PRIVATE_PREFIX = 'private/';

/** Whether /assets/<key> may serve a key: never a private one. */
export const isPublicKey = (key: string) => !key.startsWith(PRIVATE_PREFIX) && !key.includes('..');
