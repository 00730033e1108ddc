// Account and sign-up schemas (spec sections 3 and 5). Used by the console's forms and the handlers.
import * as z from 'zod/mini';
import { email, lengthBetween, password, requiredString } from './common';

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

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).check(z.minLength(1, 'Current password is required')),
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

export const organizationSchema = z.object({
  name: requiredString('name is required', ...lengthBetween(3, 50)),
  email,
  legalName: requiredString('Legal Name is required', z.maxLength(100, 'Maximum 100 symbols')),
  websiteUrl: requiredString(
    'Website Url is required',
    z.url({ protocol: /^https?$/, error: 'Website Url must be a valid URL' }),
  ),
  phoneNumber: requiredString('Phone Number is required', z.maxLength(20, 'Maximum 20 symbols')),
});
export type Organization = z.infer<typeof organizationSchema>;

/** PATCH /users/profile: the personal details, each optional so a partial update is possible. */
export const profileUpdateSchema = z.partial(basicDetailsSchema);
