import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/schemas';
import { basicDetailsSchema, credentialsSchema, organizationSchema, verifyEmailSchema } from './schemas';

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Parameters<typeof fieldErrors>[0] } } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error!.issues);
};

describe('account schemas carry the spec messages', () => {
  it('email and password', () => {
    expect(errorsOf(credentialsSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(errorsOf(credentialsSchema, { email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(errorsOf(credentialsSchema, { email: 'ab', password: 'ab' })).toEqual({ email: 'Minimum 3 symbols', password: 'Minimum 3 symbols' });
    expect(errorsOf(credentialsSchema, { email: 'not-an-email', password: 'abc' })).toEqual({ email: 'Wrong email format' });
    expect(errorsOf(credentialsSchema, { email: `${'a'.repeat(45)}@b.com`, password: 'x'.repeat(51) })).toEqual({
      email: 'Maximum 50 symbols',
      password: 'Maximum 50 symbols',
    });
  });

  it('normalises the email', () => {
    expect(credentialsSchema.parse({ email: '  Alice@Example.COM ', password: 'abc' }).email).toBe('alice@example.com');
  });

  it('one-time code in verify mode', () => {
    expect(errorsOf(verifyEmailSchema, { email: 'a@b.co', otp: '123' })).toEqual({ otp: 'OTP is required and must be 6 characters long' });
    expect(errorsOf(verifyEmailSchema, { email: 'a@b.co' })).toEqual({ otp: 'OTP is required and must be 6 characters long' });
    expect(errorsOf(verifyEmailSchema, { email: 'a@b.co', otp: '123456' })).toEqual({});
  });

  it('basic details', () => {
    expect(errorsOf(basicDetailsSchema, {})).toEqual({
      username: 'Username is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneNumber: 'Phone number is required',
      gender: 'Gender is required. Please select your Gender',
    });
    expect(errorsOf(basicDetailsSchema, { username: 'ab', firstName: 'Al', lastName: 'Li', phoneNumber: '1', gender: 'unknown' })).toEqual({
      username: 'Minimum 3 symbols',
      firstName: 'Minimum 3 symbols',
      lastName: 'Minimum 3 symbols',
      gender: 'Gender is required. Please select your Gender',
    });
    const ok = { username: 'alice', firstName: 'Alice', lastName: 'Smith', phoneNumber: '+15550001111', gender: 'prefer not to say' };
    expect(errorsOf(basicDetailsSchema, ok)).toEqual({});
  });

  it('organisation', () => {
    expect(errorsOf(organizationSchema, {})).toEqual({
      name: 'name is required',
      email: 'Email is required',
      legalName: 'Legal Name is required',
      websiteUrl: 'Website Url is required',
      phoneNumber: 'Phone Number is required',
    });
    expect(errorsOf(organizationSchema, { name: 'Acme', email: 'a@b.co', legalName: 'Acme', websiteUrl: 'javascript:alert(1)', phoneNumber: '1' })).toEqual({
      websiteUrl: 'Website Url must be a valid URL',
    });
  });

  it('takes a website typed without https:// and stores it with it', () => {
    const org = (websiteUrl: string) => organizationSchema.safeParse({ name: 'Acme', email: 'a@b.co', legalName: 'Acme', websiteUrl, phoneNumber: '1' });
    expect(org('example.com').data?.websiteUrl).toBe('https://example.com');
    expect(org(' www.example.com ').data?.websiteUrl).toBe('https://www.example.com');
    expect(org('example.com:8080/book').data?.websiteUrl).toBe('https://example.com:8080/book');
    expect(org('http://example.com').data?.websiteUrl).toBe('http://example.com');
    // Not web addresses: another scheme, or a host name without a dot.
    for (const bad of ['mailto:a@b.co', 'ftp://example.com', 'clinic']) expect(errorsOf(organizationSchema, { name: 'Acme', email: 'a@b.co', legalName: 'Acme', websiteUrl: bad, phoneNumber: '1' })).toEqual({ websiteUrl: 'Website Url must be a valid URL' });
  });
});
