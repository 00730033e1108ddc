// Account and sign-up schemas (spec sections 3 and 5). Used by the console's forms and the handlers.
import * as z from 'zod/mini';
import { CURRENCIES } from '../currency';
import { email, lengthBetween, pageOf, pageQuerySchema, password, pure, requiredString } from '../common/schemas';
import { userDetailsRecord, authDataRecord, securitySettingsRecord } from './records';
import { permissionEntryRecord, publicBrandRecord } from '../common/records';

export const GENDERS = ['male', 'female', 'other', 'prefer not to say'] as const;

export const OTP_LENGTH = 6;
export const otp = z.string({ error: 'OTP is required and must be 6 characters long' }).check(
  z.trim(),
  z.length(OTP_LENGTH, 'OTP must be 6 characters long'),
  z.regex(/^\d+$/, 'OTP must be 6 digits'),
);

export const credentialsSchema = z.object({ email, password });
export type Credentials = z.infer<typeof credentialsSchema>;

export const verifyEmailSchema = z.object({
  email,
  otp: z.string({ error: 'OTP is required and must be 6 characters long' }).check(
    z.trim(),
    z.length(OTP_LENGTH, 'OTP is required and must be 6 characters long'),
  ),
  /** The password typed with the email; checked when present so a pending sign-up cannot be hijacked. */
  password: z.optional(password),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({ email, otp, password });

/** The signed-in member's password, asked again before a change a stolen session must not make. */
const currentPassword = z.string({ error: 'Current password is required' }).check(z.minLength(1, 'Current password is required'));

export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: password,
});

const optionalText = z.optional(z.string().check(z.trim(), z.maxLength(100, 'Maximum 100 symbols')));

export const basicDetailsSchema = z.object({
  username: requiredString('Username is required', ...lengthBetween(3, 50)),
  firstName: requiredString('First name is required', ...lengthBetween(3, 50)),
  middleName: optionalText,
  lastName: requiredString('Last name is required', ...lengthBetween(3, 50)),
  phoneNumber: requiredString('Phone number is required', z.maxLength(20, 'Maximum 20 symbols')),
  gender: z.enum(GENDERS, 'Gender is required. Please select your Gender'),
  city: optionalText,
  country: optionalText,
});
export type BasicDetails = z.infer<typeof basicDetailsSchema>;

/**
 * A clinic's website: people type 'example.com' or 'www.example.com', as every sign-up form lets them,
 * so an address without a scheme ('mailto:' is one, 'example.com:8080' a port) is taken as https://
 * and stored so. What is left must be a web address
 * with a dotted host name ('javascript:...' or 'clinic' alone are refused).
 */
export const withWebScheme = (v: string) => (v === '' || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v) ? v : `https://${v.replace(/^\/+/, '')}`);
const websiteUrlChecks = [
  z.overwrite(withWebScheme),
  z.url({ protocol: /^https?$/, hostname: /^[^.]+(\.[^.]+)+$/, error: 'Website Url must be a valid URL' }),
] as const;

export const organizationSchema = z.object({
  name: requiredString('name is required', ...lengthBetween(3, 50)),
  email,
  legalName: requiredString('Legal Name is required', z.maxLength(100, 'Maximum 100 symbols')),
  websiteUrl: requiredString('Website Url is required', ...websiteUrlChecks),
  phoneNumber: requiredString('Phone Number is required', z.maxLength(20, 'Maximum 20 symbols')),
});
export type Organization = z.infer<typeof organizationSchema>;

/** PATCH /users/profile: the personal details, each optional so a partial update is possible. */
export const profileUpdateSchema = z.partial(basicDetailsSchema);

/** A second-factor code: 6 digits from the authenticator app, or a recovery code (where accepted). */
const secondFactorCode = z.string({ error: 'Enter the 6-digit code from your authenticator app' }).check(
  z.trim(),
  z.minLength(6, 'Enter the 6-digit code from your authenticator app'),
  z.maxLength(20, 'The code is too long'),
);

/**
 * POST /users/two-factor/enable: a code from the app just set up (digits only) and the member's
 * password (a stolen session alone cannot put the thief's app on the account).
 */
export const enableTwoFactorSchema = z.object({
  code: z.string({ error: 'Enter the 6-digit code from your authenticator app' }).check(
    z.trim(),
    z.regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
  ),
  currentPassword,
});

/** POST /users/two-factor/recovery-codes: new recovery codes for the password and a code (app or recovery). */
export const regenerateRecoveryCodesSchema = z.object({ currentPassword, code: secondFactorCode });

/** POST /users/two-factor/disable: a code from the app or a recovery code. */
export const disableTwoFactorSchema = z.object({ code: secondFactorCode });

/** POST /users/login/two-factor. */
export const loginTwoFactorSchema = z.object({
  challengeToken: z.string({ error: 'Your sign-in has expired. Please sign in again.' }).check(
    z.minLength(1, 'Your sign-in has expired. Please sign in again.'),
    z.maxLength(2000, 'Your sign-in has expired. Please sign in again.'),
  ),
  code: secondFactorCode,
});

export const IDLE_TIMEOUT_MINUTES = { min: 5, max: 720 } as const;

/** PUT /organization/security (owner). */
export const securitySettingsSchema = z.object({
  idleTimeoutMinutes: z.number({ error: 'Enter a number of minutes' }).check(
    z.int('Enter a whole number of minutes'),
    z.minimum(IDLE_TIMEOUT_MINUTES.min, `At least ${IDLE_TIMEOUT_MINUTES.min} minutes`),
    z.maximum(IDLE_TIMEOUT_MINUTES.max, `At most ${IDLE_TIMEOUT_MINUTES.max} minutes (12 hours)`),
  ),
  requireTwoFactor: z.boolean({ error: 'Choose whether two-step sign-in is required' }),
});
export type SecuritySettingsInput = z.infer<typeof securitySettingsSchema>;

/** GET /users/sessions paging. */
export const sessionsQuerySchema = pageQuerySchema;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** One session as the operations below answer it. */
export const sessionView = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  device: z.string(),
  address: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  twoFactor: z.boolean(),
  current: z.boolean(),
}));

/** `data` of POST /users/register-email. */
export const registerEmailReply = authDataRecord;

/** `data` of POST /users/verify-email-otp. */
export const verifyEmailOtpReply = authDataRecord;

/** `data` of POST /users/login. */
export const loginReply = authDataRecord;

/** `data` of POST /users/add-basic-details. */
export const addBasicDetailsReply = authDataRecord;

/** `data` of GET /users/profile. */
export const accountGetProfileReply = userDetailsRecord;

/** `data` of PATCH /users/profile. */
export const accountUpdateProfileReply = userDetailsRecord;

/** `data` of PATCH /users/profile-picture. */
export const uploadProfilePictureReply = /* @__PURE__ */ pure(() => z.object({ profilePictureUrl: z.string() }));

/** `data` of GET /users/profile-picture. */
export const getProfilePictureReply = /* @__PURE__ */ pure(() => z.object({ profilePictureUrl: z.nullable(z.string()) }));

/** `data` of GET /users/roles-permissions. */
export const getRolesPermissionsReply = /* @__PURE__ */ pure(() => z.object({ roles: z.array(permissionEntryRecord), isOwner: z.boolean() }));

/** `data` of POST /users/login/two-factor. */
export const loginTwoFactorReply = authDataRecord;

/** `data` of POST /users/two-factor/setup. */
export const setupTwoFactorReply = /* @__PURE__ */ pure(() => z.object({ secret: z.string(), uri: z.string() }));

/** `data` of POST /users/two-factor/enable. */
export const enableTwoFactorReply = /* @__PURE__ */ pure(() => z.object({ recoveryCodes: z.array(z.string()) }));

/** `data` of POST /users/two-factor/recovery-codes: the new codes, shown once. */
export const regenerateRecoveryCodesReply = enableTwoFactorReply;

/** `data` of GET /users/session. */
export const getSessionReply = /* @__PURE__ */ pure(() => z.object({
  session: sessionView,
  idleTimeoutMinutes: z.number(),
  twoFactorRequired: z.boolean(),
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number(),
}));

/** `data` of GET /users/sessions. */
export const listSessionsReply = /* @__PURE__ */ pure(() => pageOf(sessionView));

/** `data` of GET /organization/security. */
export const getSecuritySettingsReply = securitySettingsRecord;

/** `data` of PUT /organization/security. */
export const updateSecuritySettingsReply = /* @__PURE__ */ pure(() => z.object({
  idleTimeoutMinutes: z.number(),
  requireTwoFactor: z.boolean(),
}));

/** `data` of GET /public/appointments/{apiKey}. */
export const getPublicBookingPageReply = /* @__PURE__ */ pure(() => z.object({
  /** `region`: the clinic's country (ISO 3166 alpha-2, from its time zone; null: unknown): money and dates follow it. */
  organization: z.object({ name: z.string(), phoneNumber: z.string(), websiteUrl: z.string(), timeZone: z.string(), language: z.nullable(z.string()), brand: publicBrandRecord, region: z.nullable(z.string()) }),
  services: z.array(z.object({
    id: z.string(),
    name: z.string(),
    description: z.optional(z.string()),
    durationMinutes: z.number(),
    price: z.number(),
    priceMinor: z.number(),
    priceCents: z.number(),
    currency: z.enum(CURRENCIES),
  })),
  genders: z.readonly(z.array(z.enum(GENDERS))),
  attachments: z.object({ accept: z.string(), maxBytes: z.number() }),
}));
