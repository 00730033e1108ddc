// The permission matrix, generated from the route table, so every row added later is checked too:
//   - every signed-in route (user, owner, registration) refuses a request without a token: 401;
//   - every `user` route with a permission refuses a member who has every flag but that one: 403;
//   - every `owner` route refuses a member who has every flag: 403;
//   - the owner is refused by none of the user and owner routes (not 401/403);
//   - a member of another organisation who asks for the first organisation's record ids gets 404 (or
//     403) and sees none of its data; its list routes show none of it either.
// Requests carry no valid body: authorisation runs before validation (functions/http/http.ts), so the
// refusals above come from the route table and never from a handler. Path parameters without a real
// id below get a dummy one; add your route's real ids to REAL_IDS to make the cross-organisation check
// bite on them.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type Route } from '../../functions/routes';
import { ACTIONS, MODULES, type Action, type Module } from '../../shared/permissions';
import { api, signUpOwner, uniqueEmail, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { ALL, addMember, perms, type Member } from '../support/members';

const DUMMY_ID = 'dummy-id-0000';
const FORBIDDEN = 'You do not have permission to do this.';

/** The first organisation: its owner, members and some of its record ids. */
interface OrgA {
  owner: Owner;
  /** Every flag but the one under test (changed per test by the owner). */
  probe: Member;
  /** Every flag of every module, but not the owner. */
  allFlags: Member;
  /** A member whose invitation is still pending. */
  invitedId: string;
  notificationId: string;
  /** Strings that only the first organisation's data contains. */
  secrets: string[];
}

/** Real ids of the first organisation, per route with path parameters. Other areas: add yours. */
const REAL_IDS: Partial<Record<string, (a: OrgA) => string[]>> = {
  'GET /organization/members/{id}': (a) => [a.allFlags.userId, a.invitedId, a.owner.userId],
  'DELETE /organization/members/{id}': (a) => [a.allFlags.userId, a.invitedId],
  'GET /notifications/mark-as-read/{id}': (a) => [a.notificationId],
  'DELETE /notifications/{id}': (a) => [a.notificationId],
};

/** Routes that name a record of the first organisation in the body rather than the path. */
const BODY_IDS: { method: string; path: string; body: (a: OrgA) => unknown }[] = [
  { method: 'POST', path: '/organization/members/update', body: (a) => ({ userId: a.allFlags.userId, permissions: [] }) },
  { method: 'POST', path: '/organization/members/resend-invite', body: (a) => ({ userId: a.invitedId }) },
];

/** Owner refusals that are business rules rather than access (none yet); say why when adding one. */
const OWNER_MAY_BE_REFUSED = new Set<string>([]);

const hasParams = (r: Route) => /\{\w+\+?\}/.test(r.path);
const fill = (r: Route, id = DUMMY_ID) => r.path.replace(/\{\w+\+?\}/g, encodeURIComponent(id));

/** Calls a route as its clients would, with a body that parses (JSON `{}`, an empty form, empty text). */
function call(r: Route, token?: string, id?: string) {
  const options: Parameters<typeof api>[2] = { token };
  if (r.body === 'multipart') options.form = new FormData();
  else if (r.body === 'raw') options.raw = '';
  else if (r.method !== 'GET' && r.method !== 'DELETE') options.body = {};
  return api(r.method, fill(r, id), options);
}

const signedIn = ROUTES.filter((r) => r.access !== 'public');
const memberRoutes = ROUTES.filter((r) => r.access === 'user' || r.access === 'owner');
const withPermission = ROUTES.filter((r) => r.access === 'user' && r.permission);
const ownerOnly = ROUTES.filter((r) => r.access === 'owner');
const named = (routes: Route[]) => routes.map((r) => [routeKey(r), r] as const);

let a: OrgA;
let intruder: Owner;

beforeAll(async () => {
  const owner = await signUpOwner('matrix');
  const probe = await addMember(owner, perms(), { tag: 'probe' });
  const allFlags = await addMember(owner, ALL, { tag: 'allflags', firstName: 'Alfie', lastName: 'Allflags' });
  const invitedEmail = uniqueEmail('pending');
  const invited = await api('POST', '/organization/members/add', { token: owner.token, body: { email: invitedEmail, firstName: 'Penny', lastName: 'Pending', permissions: [] } });
  // Staff notices leave through the outbox just after the change: wait for the first one.
  const notifications = await eventually(async () => {
    const res = await api('GET', '/notifications', { token: owner.token });
    return res.body.data.length > 0 ? res : undefined;
  }, "the owner's first notice");
  a = {
    owner, probe, allFlags, invitedId: invited.body.data.userId, notificationId: notifications.body.data[0].id,
    secrets: [owner.orgId, owner.email, probe.email, allFlags.email, invitedEmail, 'matrix Clinic', 'Allflags'],
  };
  intruder = await signUpOwner('intruder');
}, 60_000);

describe('the route table has rows to check', () => {
  it('has signed-in, permission and owner routes', () => {
    expect(signedIn.length).toBeGreaterThan(10);
    expect(withPermission.length).toBeGreaterThan(5);
    expect(ownerOnly.length).toBeGreaterThan(2);
  });
});

describe('without a token', () => {
  it.each(named(signedIn))('%s answers 401', async (_key, r) => {
    const res = await call(r);
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
  });
});

describe('a member without the route’s module flag', () => {
  /** The probe gets every flag except one; the owner sets it through the API. */
  async function allBut(module: Module, action: Action) {
    const roles = perms(Object.fromEntries(MODULES.map((m) => [m, 'rwd'])));
    roles.find((e) => e.module === module)![action] = false;
    const res = await api('POST', '/organization/members/update', { token: a.owner.token, body: { userId: a.probe.userId, permissions: roles } });
    expect([200]).toContain(res.status);
  }

  it.each(named(withPermission))('%s answers 403', async (_key, r) => {
    await allBut(r.permission!.module, r.permission!.action);
    const res = await call(r, a.probe.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(FORBIDDEN);
  });

  it('covers only real modules and actions', () => {
    for (const r of withPermission) {
      expect(MODULES).toContain(r.permission!.module);
      expect(ACTIONS).toContain(r.permission!.action);
    }
  });
});

describe('a member with every flag who is not the owner', () => {
  it.each(named(ownerOnly))('%s answers 403', async (_key, r) => {
    const res = await call(r, a.allFlags.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(FORBIDDEN);
  });
});

describe('the owner', () => {
  // Deletions last, so nothing the owner does here can take away what the other calls need; the
  // routes that end the owner's own session (sign out, sign out everywhere) after everything else.
  const endsSession = new Set(['POST /users/logout', 'POST /users/sessions/end-all']);
  const rank = (r: Route) => (endsSession.has(routeKey(r)) ? 2 : r.method === 'DELETE' ? 1 : 0);
  const ordered = [...memberRoutes].sort((x, y) => rank(x) - rank(y));
  it.each(named(ordered))('%s is not refused', async (key, r) => {
    const res = await call(r, a.owner.token);
    // Signing out (here or everywhere) ended the owner's session: sign in again for what follows.
    if (endsSession.has(key) && res.status < 300) a.owner.token = (await api('POST', '/users/login', { body: { email: a.owner.email, password: a.owner.password } })).body.data.token;
    if (OWNER_MAY_BE_REFUSED.has(key)) return;
    expect([401, 403], `${key}: ${res.status} ${res.body.message}`).not.toContain(res.status);
    expect(res.status, `${key}: ${res.body.message}`).toBeLessThan(500);
  });
});

describe('a member of another organisation', () => {
  const leaks = (body: unknown) => a.secrets.filter((s) => JSON.stringify(body).includes(s));

  it.each(named(memberRoutes.filter(hasParams)))("%s does not reach the first organisation's records", async (key, r) => {
    const real = REAL_IDS[key];
    const ids = real ? real(a) : [DUMMY_ID, a.allFlags.userId, a.notificationId];
    for (const id of ids) {
      const res = await call(r, intruder.token, id);
      // Without real ids a body-validating route may stop at 400 first: still nothing of the first organisation.
      expect(real ? [403, 404] : [400, 403, 404], `${key} with ${id}: ${res.status} ${res.body.message}`).toContain(res.status);
      expect(leaks(res.body)).toEqual([]);
    }
  });

  it.each(BODY_IDS.map((b) => [`${b.method} ${b.path}`, b] as const))("%s does not reach the first organisation's records", async (_key, b) => {
    const res = await api(b.method, b.path, { token: intruder.token, body: b.body(a) });
    expect([403, 404]).toContain(res.status);
    expect(leaks(res.body)).toEqual([]);
  });

  it.each(named(memberRoutes.filter((r) => r.method === 'GET' && !hasParams(r))))('%s shows none of the first organisation', async (_key, r) => {
    const res = await call(r, intruder.token);
    expect(res.status).toBeLessThan(500);
    expect(leaks(res.body)).toEqual([]);
  });

  it("left the first organisation's records as they were", async () => {
    const members = await api('GET', '/organization/members', { token: a.owner.token });
    const ids = members.body.data.items.map((m: { userId: string }) => m.userId);
    expect(ids).toEqual(expect.arrayContaining([a.owner.userId, a.probe.userId, a.allFlags.userId, a.invitedId]));
    const notes = await api('GET', '/notifications', { token: a.owner.token });
    expect(notes.body.data.map((n: { id: string }) => n.id)).toContain(a.notificationId);
  });
});
