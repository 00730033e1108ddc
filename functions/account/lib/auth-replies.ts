// The auth responses of the sign-up flow (spec section 4): which step comes next, and with which token.
import type { AuthData } from '#shared/api';
import type { Reply } from '#lib/http';
import { signToken } from '#lib/tokens';
import { getMembership } from '../../data/members';
import { toUserDetails, type User } from '../../data/users';

const NOT_REGISTERED = { loginVerified: false, isAlreadyRegistered: false } as const;

export const CODE_SENT_MESSAGE = 'Check your email. If this address is new, we sent it a 6-digit code; if it already has an account, we sent it a note instead.';

export function codeSentReply(): Reply {
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

/** A signed-in answer for a fully registered user: the access token and the user (status 201). */
export async function signedInReply(user: User, message = 'Login successful'): Promise<Reply> {
  const token = await signToken({ type: 'access', userId: user.id, orgId: user.orgId });
  const data: AuthData = {
    token,
    userDetails: toUserDetails(user),
    loginVerified: true,
    isEmailVerified: true,
    hasAddedBasicDetails: true,
    hasAddedOrg: true,
    isAlreadyRegistered: true,
  };
  return { status: 201, message, data };
}

/** A verified user still signing up: a registration token and the flags that say which step is next. */
export async function nextStepReply(user: User, message: string, status = 200): Promise<Reply> {
  const hasAddedOrg = await isFullyRegistered(user);
  const data: AuthData = {
    ...NOT_REGISTERED,
    isEmailVerified: true,
    hasAddedBasicDetails: user.hasAddedBasicDetails,
    hasAddedOrg,
    token: await signToken({ type: 'registration', userId: user.id }),
  };
  return { status, message, data };
}
