// Signed, expiring tokens (HS256). Access tokens carry the organisation; registration tokens are
// accepted only by the sign-up steps. The `typ` claim keeps one from passing as the other.
import { SignJWT, jwtVerify } from 'jose';
import { getSecrets } from './secrets';

export const ACCESS_TOKEN_TTL = '12h';
export const REGISTRATION_TOKEN_TTL = '1h';
const ISSUER = 'clinic-suite';

export type TokenType = 'access' | 'registration';

export interface TokenClaims {
  userId: string;
  orgId?: string;
  type: TokenType;
}

async function key(): Promise<Uint8Array> {
  return new TextEncoder().encode((await getSecrets()).tokenSigningKey);
}

export async function signToken(claims: TokenClaims): Promise<string> {
  const jwt = new SignJWT({ typ: claims.type, ...(claims.orgId ? { org: claims.orgId } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(claims.type === 'access' ? ACCESS_TOKEN_TTL : REGISTRATION_TOKEN_TTL);
  return jwt.sign(await key());
}

/** The claims of a valid token of the wanted type, or undefined (bad signature, expired, wrong type). */
export async function verifyToken(token: string, type: TokenType): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== type || typeof payload.sub !== 'string') return undefined;
    return { userId: payload.sub, orgId: typeof payload.org === 'string' ? payload.org : undefined, type };
  } catch {
    return undefined;
  }
}
