// The API envelope. Every response body is { message, data? , errors? }; the console's client wraps it
// as { responseCode, success, data: <body>, message } (spec section 7), so callers read data.data.
export const API_PREFIX = '/api';

export interface ApiBody<T = unknown> {
  message: string;
  data?: T;
  /** Field name -> first validation message, on 400s from validation. */
  errors?: Record<string, string>;
}

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page; absent on the last page. */
  nextCursor?: string;
}

/** Flags the sign-up flow of spec section 4 reads from auth responses. */
export interface AuthFlags {
  loginVerified: boolean;
  isEmailVerified: boolean;
  hasAddedBasicDetails: boolean;
  hasAddedOrg: boolean;
  isAlreadyRegistered: boolean;
}

export interface UserDetails {
  id: string;
  email: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  username?: string;
  phoneNumber?: string;
  gender?: string;
  city?: string;
  country?: string;
  isEmailVerified: boolean;
  profilePictureUrl?: string;
  organizationId?: string;
}

export interface AuthData extends AuthFlags {
  token?: string;
  userDetails?: UserDetails;
  /** The password was right and the account uses two-factor sign-in: send a code with `challengeToken`. */
  twoFactorRequired?: boolean;
  /** Accepted only by POST /users/login/two-factor, for 5 minutes. */
  challengeToken?: string;
}
