// The token signing keys: the current one signs new tokens, previous ones are still accepted until
// the tokens they signed expire, so rotating the key signs nobody out (docs/operations.md, "Token
// signing key rotation"). Each token names its key in the `kid` header; the id is derived from the
// key itself, so there is no id to keep in step with it.
import { createHash } from 'node:crypto';

export interface TokenKey {
  kid: string;
  key: Uint8Array;
}

export interface TokenKeySet {
  current: TokenKey;
  /** Every accepted key by id: the current one and the previous ones. */
  byId: ReadonlyMap<string, TokenKey>;
}

/** A short public name of a key (a hash of it, which says nothing usable about the key). */
export function keyId(secret: string): string {
  return createHash('sha256').update(`clinic-suite token key\0${secret}`).digest('base64url').slice(0, 11);
}

export function tokenKeySet(current: string, previous: readonly string[] = []): TokenKeySet {
  const toKey = (secret: string): TokenKey => ({ kid: keyId(secret), key: new TextEncoder().encode(secret) });
  const currentKey = toKey(current);
  const byId = new Map<string, TokenKey>([[currentKey.kid, currentKey]]);
  for (const secret of previous) if (secret) byId.set(keyId(secret), byId.get(keyId(secret)) ?? toKey(secret));
  return { current: currentKey, byId };
}

/**
 * The keys a token may have been signed with: the one its `kid` names (none if unknown), or, for
 * tokens issued before tokens carried a kid, every accepted key.
 */
export function candidateKeys(set: TokenKeySet, kid: string | undefined): TokenKey[] {
  if (kid === undefined) return [...set.byId.values()];
  const found = set.byId.get(kid);
  return found ? [found] : [];
}
