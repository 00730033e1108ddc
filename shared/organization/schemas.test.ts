import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/schemas';
import { acceptInviteSchema, logRange, logsQuerySchema, memberAddSchema, notificationsQuerySchema, organizationProfileUpdateSchema } from './schemas';

const errorsOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Parameters<typeof fieldErrors>[0] } } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error!.issues);
};

describe('organisation profile update', () => {
  it('takes any subset of the fields, with the spec messages', () => {
    expect(errorsOf(organizationProfileUpdateSchema, {})).toEqual({});
    expect(errorsOf(organizationProfileUpdateSchema, { name: 'ab', legalName: '' })).toEqual({ name: 'Minimum 3 symbols', legalName: 'Legal Name is required' });
  });

  it('accepts IANA time zones, stored by their canonical name', () => {
    expect(organizationProfileUpdateSchema.parse({ timeZone: 'europe/london' }).timeZone).toBe('Europe/London');
    expect(organizationProfileUpdateSchema.parse({ timeZone: 'utc' }).timeZone).toBe('UTC');
    // Kept as chosen, even where the runtime's ICU prefers an older name (Asia/Calcutta).
    expect(organizationProfileUpdateSchema.parse({ timeZone: 'Asia/Kolkata' }).timeZone).toBe('Asia/Kolkata');
    expect(organizationProfileUpdateSchema.parse({ timeZone: 'US/Eastern' }).timeZone).toBe('US/Eastern');
    for (const bad of ['Mars/Base', '+01:00', 'GMT+1', '']) {
      expect(Object.values(errorsOf(organizationProfileUpdateSchema, { timeZone: bad }))[0]).toMatch(/time zone/i);
    }
  });
});

describe('member add', () => {
  it('fills missing flags with false and names each problem', () => {
    const parsed = memberAddSchema.parse({ email: ' New@Example.com ', firstName: 'Nina', lastName: 'Newman', permissions: [{ module: 'Members', read: true }] });
    expect(parsed.email).toBe('new@example.com');
    expect(parsed.permissions).toEqual([{ module: 'Members', read: true, write: false, delete: false }]);
    expect(errorsOf(memberAddSchema, {})).toEqual({ email: 'Email is required', firstName: 'First name is required', lastName: 'Last name is required', permissions: 'Permissions are required' });
  });
});

describe('accept invite', () => {
  it('needs the token and a password within the spec limits', () => {
    expect(errorsOf(acceptInviteSchema, { password: 'x'.repeat(51) })).toEqual({
      token: 'The invitation link is incomplete. Please open the link from the email again.',
      password: 'Maximum 50 symbols',
    });
  });
});

describe('list queries', () => {
  it('reads limit, unread and dates from query strings', () => {
    expect(notificationsQuerySchema.parse({ limit: '10', unread: 'true' })).toEqual({ limit: 10, unread: true });
    expect(errorsOf(notificationsQuerySchema, { limit: '500' })).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
    expect(errorsOf(logsQuerySchema, { from: '2025-02-01', to: '2025-01-01' })).toEqual({ from: 'From must not be after To' });
    expect(errorsOf(logsQuerySchema, { from: '2025-01-01', to: '2025-01-01' })).toEqual({});
    expect(errorsOf(logsQuerySchema, { to: '31/01/2025' })).toEqual({ to: 'To must be an ISO date, e.g. 2025-01-31' });
  });

  it('turns bare dates into whole UTC days', () => {
    expect(logRange('2025-01-31', '2025-01-31')).toEqual({ from: '2025-01-31T00:00:00.000Z', to: '2025-01-31T23:59:59.999Z' });
    expect(logRange('2025-01-31T10:00:00+02:00')).toEqual({ from: '2025-01-31T08:00:00.000Z', to: '9999' });
  });
});
