import { describe, expect, it } from 'vitest';
import { MODULES, type PermissionEntry } from '#shared/permissions';
import type { Caller } from '#http/authorise';
import { HttpError } from '#lib/errors';
import { assertMayChange, describeRoles, sameRoles } from './rules';

const roles = (flags: Partial<Record<(typeof MODULES)[number], string>>): PermissionEntry[] =>
  MODULES.map((module) => ({ module, read: !!flags[module]?.includes('r'), write: !!flags[module]?.includes('w'), delete: !!flags[module]?.includes('d') }));
const caller = (flags: Parameters<typeof roles>[0], isOwner = false): Caller => ({ userId: 'me', orgId: 'org', isOwner, roles: roles(flags) });

function refusal(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    return (error as HttpError).message;
  }
}

describe('assertMayChange', () => {
  it('lets the owner set anything', () => {
    expect(refusal(() => assertMayChange(caller({}, true), roles({}), roles({ Members: 'rwd', FORMS: 'rwd' })))).toBeUndefined();
  });

  it('lets a member grant and remove flags they hold', () => {
    const me = caller({ Members: 'rw', FORMS: 'r' });
    expect(refusal(() => assertMayChange(me, roles({}), roles({ Members: 'rw', FORMS: 'r' })))).toBeUndefined();
    expect(refusal(() => assertMayChange(me, roles({ Members: 'rw' }), roles({ Members: 'r' })))).toBeUndefined();
  });

  it('refuses granting a flag the member lacks, naming it', () => {
    expect(refusal(() => assertMayChange(caller({ Members: 'rw' }), roles({}), roles({ Members: 'rwd' })))).toBe(
      'You cannot grant permissions you do not have yourself (Members delete).',
    );
  });

  it('refuses removing a flag the member lacks, but leaves it alone when unchanged', () => {
    const me = caller({ Members: 'rw' });
    expect(refusal(() => assertMayChange(me, roles({ Appointment: 'r' }), roles({})))).toBe('You cannot remove permissions you do not have yourself (Appointment read).');
    expect(refusal(() => assertMayChange(me, roles({ Appointment: 'r' }), roles({ Appointment: 'r', Members: 'r' })))).toBeUndefined();
  });
});

describe('describeRoles', () => {
  it('lists the flags that are on, or says there is no access', () => {
    expect(describeRoles(roles({ Members: 'rw', Notifications: 'r' }))).toBe('Members read, write; Notifications read');
    expect(describeRoles(roles({}))).toBe('no access');
    expect(sameRoles(roles({ FORMS: 'r' }), roles({ FORMS: 'r' }))).toBe(true);
    expect(sameRoles(roles({ FORMS: 'r' }), roles({ FORMS: 'rw' }))).toBe(false);
  });
});
