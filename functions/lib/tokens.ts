// Signed, expiring tokens (HS256). Access tokens carry the organisation; registration tokens are
// accepted only by the sign-up steps, two-factor challenges (5 min) only by the second sign-in step.
// The `typ` claim keeps one from passing as another. An access token names its session (`sid`):
// data/sessions.ts decides, on every request, whether that session is still open. The `kid` header
// names the signing key, so a rotated-out key still verifies the tokens it signed (token-keys.ts).
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { getSecrets, type AppSecrets } from './secrets';
import { candidateKeys, tokenKeySet, type TokenKeySet } from './token-keys';

export const ACCESS_TOKEN_TTL = '12h';
export const REGISTRATION_TOKEN_TTL = '1h';
export const TWO_FACTOR_CHALLENGE_TTL = '5m';
const ISSUER = 'clinic-suite';

export type TokenType = 'access' | 'registration' | 'two-factor';

const TTL: Record<TokenType, string> = { access: ACCESS_TOKEN_TTL, registration: REGISTRATION_TOKEN_TTL, 'two-factor': TWO_FACTOR_CHALLENGE_TTL };

export interface TokenClaims {
  userId: string;
  orgId?: string;
  type: TokenType;
  /** Access tokens: the session they belong to. */
  sessionId?: string;
}

const keySets = new WeakMap<AppSecrets, TokenKeySet>();

async function tokenKeys(): Promise<TokenKeySet> {
  const secrets = await getSecrets();
  let set = keySets.get(secrets);
  if (!set) keySets.set(secrets, (set = tokenKeySet(secrets.tokenSigningKey, secrets.previousTokenSigningKeys)));
  return set;
}

/** The token's payload if one of the accepted keys signed it (the one its kid names). */
async function verifiedPayload(token: string) {
  const keys = await tokenKeys();
  const { kid } = decodeProtectedHeader(token);
  for (const { key } of candidateKeys(keys, kid)) {
    try {
      return (await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] })).payload;
    } catch {
      // not this key (or expired, or not for us): the next candidate, if any
    }
  }
  return undefined;
}

export async function signToken(claims: TokenClaims): Promise<string> {
  const { current } = await tokenKeys();
  const jwt = new SignJWT({ typ: claims.type, ...(claims.orgId ? { org: claims.orgId } : {}), ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
    .setProtectedHeader({ alg: 'HS256', kid: current.kid })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(TTL[claims.type]);
  return jwt.sign(current.key);
}

/** The claims of a valid token of the wanted type, or undefined (bad signature, expired, wrong type). */
export async function verifyToken(token: string, type: TokenType): Promise<TokenClaims | undefined> {
  try {
    const payload = await verifiedPayload(token);
    if (!payload || payload.typ !== type || typeof payload.sub !== 'string') return undefined;
    return {
      userId: payload.sub,
      orgId: typeof payload.org === 'string' ? payload.org : undefined,
      sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
      type,
    };
  } catch {
    return undefined;
  }
}
