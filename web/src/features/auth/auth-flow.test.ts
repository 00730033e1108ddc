import { describe, expect, it } from 'vitest';
import type { AuthData } from '#shared/api';
import type { ApiResult } from '../../lib/api';
import { nextStep } from './auth-flow';

const flags = { loginVerified: false, isAlreadyRegistered: false, isEmailVerified: true, hasAddedBasicDetails: false, hasAddedOrg: false };
const result = (responseCode: number, data?: Partial<AuthData>, message = 'msg'): ApiResult<AuthData> => ({
  responseCode,
  success: responseCode < 300,
  message,
  data: { message, data: data ? ({ ...flags, ...data }) : undefined },
});

describe('nextStep (spec section 4)', () => {
  it('1: 201 with the email unverified means a code was sent', () => {
    expect(nextStep(result(201, { isEmailVerified: false }, 'sent'))).toEqual({ kind: 'verify-email', message: 'sent' });
  });
  it('3: 200 without basic details goes to basic details with the registration token', () => {
    expect(nextStep(result(200, { token: 'r' }))).toEqual({ kind: 'continue-sign-up', registrationToken: 'r', to: '/auth/add-basic-details' });
  });
  it('4: 200 with hasAddedOrg false goes to organisation details', () => {
    expect(nextStep(result(200, { token: 'r', hasAddedBasicDetails: true }))).toMatchObject({ to: '/auth/add-org-details' });
  });
  it('5: isAlreadyRegistered means log in', () => {
    expect(nextStep(result(200, { isAlreadyRegistered: true, hasAddedBasicDetails: true, hasAddedOrg: true }))).toEqual({ kind: 'login' });
  });
  it('6: 201 with loginVerified signs in', () => {
    expect(nextStep(result(201, { loginVerified: true, token: 't' }))).toMatchObject({ kind: 'signed-in', token: 't' });
  });
  it('errors carry the server message, or An error occurred', () => {
    expect(nextStep(result(401, undefined, 'Invalid email or password'))).toMatchObject({ kind: 'error', message: 'Invalid email or password' });
    expect(nextStep(result(500, undefined, ''))).toMatchObject({ kind: 'error', message: 'An error occurred' });
  });
});
