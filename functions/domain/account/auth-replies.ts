// Domain: account. Signing in (a session, its token and the replies of the sign-up and sign-in steps) and
// device cookies: account/ signs in, and so does members/ when an invitation is accepted.
//
// The auth responses of the sign-up flow (spec section 4): which step comes next, and with which token.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AuthData } from '#shared/api';
import { config } from '#lib/config';
import { randomId } from '#lib/passwords';
import { ACCESS_TOKEN_TTL, signToken } from '#lib/tokens';
import { transact } from '../../data/core';
import { getMembership } from '../../data/members';
import { outboxMail } from '../../data/outbox';
import { newSessionItem, sessionStamp, type Session } from '../../data/sessions';
import { toUserDetails, type User } from '../../data/users';
import { describeDevice, deviceCookie } from './devices';

const NOT_REGISTERED = { loginVerified: false, isEmailVerified: true, hasAddedBasicDetails: true, hasAddedOrg: true, isAlreadyRegistered: false } as const;
const ACCESS_TOKEN_MS = Number.parseInt(ACCESS_TOKEN_TTL, 10) * 3600_000;

/**
 * An answer of the sign-up and sign-in steps: its data is always the flags (shared/api.ts AuthData).
 * The shape of #http/http's ReplyWith<AuthData>, spelt out here because the domain layer sits below
 * the HTTP chain.
 */
interface AuthReply {
  status: number;
  message: string;
  data: AuthData;
  cookies?: string[];
}

export const CODE_SENT_MESSAGE = 'Check your email. If this address is new, we sent it a 6-digit code; if it already has an account, we sent it a note instead.';

export function codeSentReply(): AuthReply {
  const data: AuthData = { ...NOT_REGISTERED, isEmailVerified: false, hasAddedBasicDetails: false, hasAddedOrg: false };
  // The same words whether or not the address has an account (a wrong password on one gets a mail
  // saying so instead of a code), so the reply tells a stranger nothing and misleads nobody.
  return { status: 201, message: CODE_SENT_MESSAGE, data };
}

/** Whether the user has finished sign-up: verified, basic details, and an organisation they still belong to. */
export async function isFullyRegistered(user: User): Promise<boolean> {
  if (!user.isEmailVerified || !user.hasAddedBasicDetails || !user.orgId) return false;
  return (await getMembership(user.orgId, user.id)) !== undefined;
}

export interface SignIn {
  /** Signed in with a second factor. */
  twoFactor?: boolean;
  /** The browser showed no device cookie of this member: tell them by mail (a sign-in, not a sign-up). */
  alertNewDevice?: boolean;
  message?: string;
}

const newDeviceMail = (user: User, session: Session) => ({
  to: user.email,
  subject: 'New sign-in to your Clinic Suite account',
  text:
    `Your account was just signed in to from a device we have not seen before.\n\n` +
    `Device: ${session.device}\nAddress: ${session.address}\nTime: ${new Date(session.createdAt).toUTCString()}\n\n` +
    `If this was you, there is nothing to do. If it was not, change your password now and use "Sign out everywhere" ` +
    `under Sign-in & security in your profile: ${config.appUrl}/crafted/account/security`,
});

/**
 * A signed-in answer for a fully registered user (status 201): a new session (with the mail about an
 * unseen device, in the same transaction), its access token, the user, and a device cookie. `address`
 * is the caller's (#http/http clientAddress: which hop of X-Forwarded-For to trust is the HTTP chain's
 * knowledge).
 */
export async function signedInReply(user: User, event: APIGatewayProxyEventV2, address: string, options: SignIn = {}): Promise<AuthReply> {
  const membership = user.orgId ? await getMembership(user.orgId, user.id) : undefined;
  if (!membership) throw new Error('signedInReply needs a member of an organisation');
  const now = new Date();
  const session: Session = {
    id: randomId(12),
    orgId: membership.orgId,
    userId: user.id,
    device: describeDevice(event.headers?.['user-agent'] ?? event.requestContext?.http?.userAgent),
    address,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_MS).toISOString(),
    twoFactor: options.twoFactor === true,
    stamp: sessionStamp(membership),
  };
  await transact([newSessionItem(session), ...(options.alertNewDevice ? [outboxMail(`new-device-${user.id}-${session.id}`, newDeviceMail(user, session), membership.orgId)] : [])]);
  const token = await signToken({ type: 'access', userId: user.id, orgId: membership.orgId, sessionId: session.id });
  const data: AuthData = {
    token,
    userDetails: toUserDetails(user),
    loginVerified: true,
    isEmailVerified: true,
    hasAddedBasicDetails: true,
    hasAddedOrg: true,
    isAlreadyRegistered: true,
  };
  return { status: 201, message: options.message ?? 'Login successful', data, cookies: [await deviceCookie(user.id)] };
}

/** The password was right; the account asks for its second factor (POST /users/login/two-factor). */
export async function twoFactorChallengeReply(user: User): Promise<AuthReply> {
  const data: AuthData = { ...NOT_REGISTERED, twoFactorRequired: true, challengeToken: await signToken({ type: 'two-factor', userId: user.id }) };
  return { status: 200, message: 'Enter the 6-digit code from your authenticator app.', data };
}

/** A verified user still signing up: a registration token and the flags that say which step is next. */
export async function nextStepReply(user: User, message: string, status = 200): Promise<AuthReply> {
  const hasAddedOrg = await isFullyRegistered(user);
  const data: AuthData = {
    loginVerified: false,
    isAlreadyRegistered: false,
    isEmailVerified: true,
    hasAddedBasicDetails: user.hasAddedBasicDetails,
    hasAddedOrg,
    token: await signToken({ type: 'registration', userId: user.id }),
  };
  return { status, message, data };
}
