// The account records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';

/** `UserDetails` (shared/api.ts). */
export const userDetailsRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.optional(z.string()),
  middleName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  username: z.optional(z.string()),
  phoneNumber: z.optional(z.string()),
  gender: z.optional(z.string()),
  city: z.optional(z.string()),
  country: z.optional(z.string()),
  isEmailVerified: z.boolean(),
  profilePictureUrl: z.optional(z.string()),
  organizationId: z.optional(z.string()),
}));

/** `AuthData` (shared/api.ts). */
export const authDataRecord = /* @__PURE__ */ pure(() => z.object({
  token: z.optional(z.string()),
  userDetails: z.optional(userDetailsRecord),
  /** The password was right and the account uses two-factor sign-in: send a code with `challengeToken`. */
  twoFactorRequired: z.optional(z.boolean()),
  /** Accepted only by POST /users/login/two-factor, for 5 minutes. */
  challengeToken: z.optional(z.string()),
  /** The flags the sign-up flow of spec section 4 reads (`AuthFlags`). */
  loginVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  hasAddedBasicDetails: z.boolean(),
  hasAddedOrg: z.boolean(),
  isAlreadyRegistered: z.boolean(),
}));

/** `SecuritySettings` (functions/data/sessions.ts). */
export const securitySettingsRecord = /* @__PURE__ */ pure(() => z.object({
  /** Minutes without activity after which a session ends. */
  idleTimeoutMinutes: z.number(),
  /** Every member must use two-factor sign-in. */
  requireTwoFactor: z.boolean(),
}));
