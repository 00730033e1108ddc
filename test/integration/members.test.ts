// Members over HTTP: invitations and the invited member's first sign-in, attaching existing accounts,
// the member list with search and paging, permission changes and removal, with their refusals.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, latestCode, mailsTo, signUpOwner, uniqueEmail, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { ALL, addMember, inviteTokenFor, perms } from '../support/members';
import type { Json } from '../support/json';

async function counters(orgId: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${orgId}`, sk: 'COUNTERS' } }))).Item!;
}

describe('inviting a new member', () => {
  it('creates the account, mails a one-time link, and the first sign-in sets the password and signs in', async () => {
    const owner = await signUpOwner('inv');
    const email = uniqueEmail('invitee');
    const added = await api('POST', '/organization/members/add', {
      token: owner.token,
      body: { email: email.toUpperCase(), firstName: 'Ivy', lastName: 'Invited', permissions: perms({ Members: 'r', Notifications: 'r' }) },
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(`The member is added. We emailed ${email} a link to set a password.`);
    expect(added.body.data).toMatchObject({ email, firstName: 'Ivy', lastName: 'Invited', isOwner: false, status: 'invited' });
    expect(added.body.data.roles).toEqual(perms({ Members: 'r', Notifications: 'r' }));
    expect(JSON.stringify(added.body)).not.toMatch(/inviteTokenHash|passwordHash/);

    const token = await inviteTokenFor(email);
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.subject).toBe("You're invited to join inv Clinic");
    expect(mail.body.text).toMatch(/^Hello Ivy,/);
    expect(mail.body.text).toMatch(/Olive Owner added you to inv Clinic/);
    expect(mail.body.text).toMatch(/expires in 7 days/);
    expect(mail.body.text).toMatch(/https?:\/\/[^\s]+\/auth\/accept-invite\?token=[A-Za-z0-9_-]{40,}/);

    // Stored only hashed, expiring in 7 days.
    const { client, table } = testDb();
    const hash = createHash('sha256').update(token).digest('base64url');
    const stored = await client.send(new GetCommand({ TableName: table, Key: { pk: `INVITE#${hash}`, sk: 'INVITE' } }));
    expect(stored.Item).toMatchObject({ userId: added.body.data.userId, email });
    expect(JSON.stringify(stored.Item)).not.toContain(token);
    const days = (Date.parse(stored.Item!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // No way in before accepting.
    expect((await api('POST', '/users/login', { body: { email, password: '' } })).status).toBe(400);
    expect((await api('POST', '/users/login', { body: { email, password: 'anything' } })).status).toBe(401);
    expect((await counters(owner.orgId)).members).toBe(2);

    // The accept page can show what the link is for.
    const details = await api('POST', '/users/invite-details', { body: { token } });
    expect(details.status).toBe(200);
    expect(details.body.data).toEqual({ email, firstName: 'Ivy', lastName: 'Invited', organizationName: 'inv Clinic', inviterName: 'Olive Owner', expiresAt: stored.Item!.expiresAt });
    expect((await api('POST', '/users/invite-details', { body: { token: `${token}x` } })).status).toBe(400);
    expect((await api('POST', '/users/invite-details', { body: {} })).body.errors).toEqual({ token: 'The invitation link is incomplete. Please open the link from the email again.' });

    const wrong = await api('POST', '/users/accept-invite', { body: { token: `${token}x`, password: 'Chosen-pass-1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('This invitation link is not valid or has already been used. Ask your organisation to send a new one.');
    const weak = await api('POST', '/users/accept-invite', { body: { token, password: 'ab' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ password: 'Minimum 3 symbols' });

    const accepted = await api('POST', '/users/accept-invite', { body: { token, password: 'Chosen-pass-1' } });
    expect(accepted.status).toBe(201);
    expect(accepted.body.message).toBe('Login successful');
    expect(accepted.body.data).toMatchObject({
      loginVerified: true, isEmailVerified: true, hasAddedBasicDetails: true, hasAddedOrg: true,
      userDetails: { email, firstName: 'Ivy', lastName: 'Invited', isEmailVerified: true, organizationId: owner.orgId },
    });
    const session = accepted.body.data.token;
    expect((await api('GET', '/organization/members', { token: session })).status).toBe(200);
    expect((await api('GET', '/users/roles-permissions', { token: session })).body.data).toEqual({ isOwner: false, roles: perms({ Members: 'r', Notifications: 'r' }) });

    // Once only; afterwards the password signs in like anyone's.
    expect((await api('POST', '/users/accept-invite', { body: { token, password: 'Other-pass-1' } })).status).toBe(400);
    expect((await api('POST', '/users/invite-details', { body: { token } })).status).toBe(400);
    const login = await api('POST', '/users/login', { body: { email, password: 'Chosen-pass-1' } });
    expect(login.status).toBe(201);
    expect(login.body.data).toMatchObject({ loginVerified: true, hasAddedOrg: true });
    const listed = await api('GET', `/organization/members/${added.body.data.userId}`, { token: owner.token });
    expect(listed.body.data).toMatchObject({ status: 'active', email });
  });

  it('refuses an expired invitation, and a resent link replaces the old one', async () => {
    const owner = await signUpOwner('expire');
    const email = uniqueEmail('late');
    const added = await api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Lata', lastName: 'Later', permissions: [] } });
    const first = await inviteTokenFor(email);
    const { client, table } = testDb();
    await client.send(new UpdateCommand({
      TableName: table, Key: { pk: `INVITE#${createHash('sha256').update(first).digest('base64url')}`, sk: 'INVITE' },
      UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }));
    const expired = await api('POST', '/users/accept-invite', { body: { token: first, password: 'Chosen-pass-1' } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This invitation has expired. Ask your organisation to send a new one.');

    const resent = await api('POST', '/organization/members/resend-invite', { token: owner.token, body: { userId: added.body.data.userId } });
    expect(resent.status).toBe(200);
    const second = await inviteTokenFor(email, 2);
    expect(second).not.toBe(first);
    expect((await api('POST', '/users/accept-invite', { body: { token: first, password: 'Chosen-pass-1' } })).status).toBe(400);
    expect((await api('POST', '/users/accept-invite', { body: { token: second, password: 'Chosen-pass-1' } })).status).toBe(201);
    const again = await api('POST', '/organization/members/resend-invite', { token: owner.token, body: { userId: added.body.data.userId } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This member has already accepted the invitation.');
    expect((await api('POST', '/organization/members/resend-invite', { token: owner.token, body: { userId: 'nobody' } })).status).toBe(404);
  });

  it('validates with the spec messages and writes nothing on bad input', async () => {
    const owner = await signUpOwner('valid');
    const bad = await api('POST', '/organization/members/add', { token: owner.token, body: { email: 'nope', firstName: 'Al', permissions: [{ module: 'Nope', read: true }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ email: 'Wrong email format', firstName: 'Minimum 3 symbols', lastName: 'Last name is required' });
    expect(bad.body.errors!['permissions.0.module']).toMatch(/^Module must be one of/);
    const twice = await api('POST', '/organization/members/add', {
      token: owner.token,
      body: { email: uniqueEmail('dup'), firstName: 'Dana', lastName: 'Double', permissions: [{ module: 'Members', read: true }, { module: 'Members', write: true }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ permissions: 'Each module may appear once' });
    expect((await counters(owner.orgId)).members).toBe(1);
    expect((await api('GET', '/organization/members', { token: owner.token })).body.data.items).toHaveLength(1);
  });
});

describe('adding people who already have an account', () => {
  it('refuses someone who belongs to another organisation, or already to this one', async () => {
    const owner = await signUpOwner('first');
    const other = await signUpOwner('second');
    const res = await api('POST', '/organization/members/add', { token: owner.token, body: { email: other.email, firstName: 'Otto', lastName: 'Other', permissions: [] } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This person already belongs to another organisation.');
    const member = await addMember(owner, perms());
    const again = await api('POST', '/organization/members/add', { token: owner.token, body: { email: member.email, firstName: 'Mona', lastName: 'Member', permissions: [] } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This person is already a member of your organisation.');
    const self = await api('POST', '/organization/members/add', { token: owner.token, body: { email: owner.email, firstName: 'Olive', lastName: 'Owner', permissions: [] } });
    expect(self.status).toBe(409);
    expect((await counters(owner.orgId)).members).toBe(2);
  });

  it('attaches a verified account without an organisation and tells them by mail; they sign in as before', async () => {
    const owner = await signUpOwner('attach');
    const email = uniqueEmail('loner');
    await api('POST', '/users/register-email', { body: { email, password: 'Own-pass-1' } });
    await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email), password: 'Own-pass-1' } });

    const added = await api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Lone', lastName: 'Ranger', permissions: perms({ FORMS: 'r' }) } });
    expect(added.status).toBe(201);
    expect(added.body.data.status).toBe('active');
    expect(added.body.message).toBe(`The member is added. We emailed ${email} to let them know.`);
    const mail = (await waitForMails(email, 2)).at(-1)!; // the sign-up code, then this one
    expect(mail.subject).toBe('You were added to attach Clinic');
    expect(mail.body.text).not.toMatch(/accept-invite/);

    const login = await api('POST', '/users/login', { body: { email, password: 'Own-pass-1' } });
    expect(login.status).toBe(201);
    expect(login.body.data.userDetails).toMatchObject({ organizationId: owner.orgId, firstName: 'Lone' });
  });

  it('invites an account whose email was never verified: only the mailbox proves who owns it', async () => {
    const owner = await signUpOwner('unverified');
    const email = uniqueEmail('pending');
    await api('POST', '/users/register-email', { body: { email, password: 'Squatter-1' } });
    const added = await api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Pen', lastName: 'Ding', permissions: [] } });
    expect(added.status).toBe(201);
    expect(added.body.data.status).toBe('invited');
    // The password typed at the unfinished sign-up does not open the account.
    const squatter = await api('POST', '/users/login', { body: { email, password: 'Squatter-1' } });
    expect(squatter.body.data?.token).toBeUndefined();
    expect(squatter.body.data?.loginVerified).not.toBe(true);
    const accepted = await api('POST', '/users/accept-invite', { body: { token: await inviteTokenFor(email), password: 'Real-owner-1' } });
    expect(accepted.status).toBe(201);
    expect((await api('POST', '/users/login', { body: { email, password: 'Real-owner-1' } })).status).toBe(201);
  });
});

describe('the member list', () => {
  it('pages with a cursor and searches names and emails in any case; GET /users is the same list', async () => {
    const owner = await signUpOwner('list');
    const names = [['Amelia', 'Stone'], ['Bruno', 'Stonebridge'], ['Carla', 'Reyes'], ['Dmitri', 'Volkov']];
    for (const [firstName, lastName] of names) {
      const r = await api('POST', '/organization/members/add', { token: owner.token, body: { email: uniqueEmail(firstName.toLowerCase()), firstName, lastName, permissions: [] } });
      expect(r.status).toBe(201);
    }
    const all = await api('GET', '/organization/members', { token: owner.token });
    expect(all.body.data.items).toHaveLength(5);
    expect(all.body.data.nextCursor).toBeUndefined();
    const owners = all.body.data.items.filter((m: Json) => m.isOwner);
    expect(owners).toEqual([expect.objectContaining({ userId: owner.userId, email: owner.email, status: 'active' })]);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await api('GET', `/organization/members?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: owner.token });
      expect(page.status).toBe(200);
      expect(page.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.items.map((m: Json) => m.userId));
      cursor = page.body.data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toHaveLength(5);

    const stone = await api('GET', '/organization/members?search=STONE', { token: owner.token });
    expect(stone.body.data.items.map((m: Json) => m.firstName).sort()).toEqual(['Amelia', 'Bruno']);
    const full = await api('GET', `/organization/members?search=${encodeURIComponent('carla rey')}`, { token: owner.token });
    expect(full.body.data.items.map((m: Json) => m.firstName)).toEqual(['Carla']);
    const byEmail = await api('GET', '/organization/members?search=dmitri-', { token: owner.token });
    expect(byEmail.body.data.items.map((m: Json) => m.lastName)).toEqual(['Volkov']);
    const searchPage = await api('GET', '/organization/members?search=stone&limit=1', { token: owner.token });
    expect(searchPage.body.data.items).toHaveLength(1);
    const rest = await api('GET', `/organization/members?search=stone&limit=1&cursor=${searchPage.body.data.nextCursor}`, { token: owner.token });
    expect(rest.body.data.items).toHaveLength(1);
    expect(rest.body.data.items[0].userId).not.toBe(searchPage.body.data.items[0].userId);

    const users = await api('GET', '/users?search=stone', { token: owner.token });
    expect(users.status).toBe(200);
    expect(users.body.data).toEqual(stone.body.data);

    expect((await api('GET', '/organization/members?limit=0', { token: owner.token })).status).toBe(400);
    const tampered = await api('GET', '/organization/members?cursor=not-a-cursor', { token: owner.token });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe('The page cursor is not valid.');
    // Another organisation's cursor does not open its list.
    const other = await signUpOwner('listother');
    const foreign = Buffer.from(JSON.stringify({ pk: `ORG#${other.orgId}`, sk: 'MEMBER#x' })).toString('base64url');
    expect((await api('GET', `/organization/members?cursor=${foreign}`, { token: owner.token })).status).toBe(400);
  });
});

describe('changing permissions', () => {
  it('takes effect on the next request, and refuses the owner, oneself and flags one does not hold', async () => {
    const owner = await signUpOwner('perm');
    const manager = await addMember(owner, perms({ Members: 'rw', FORMS: 'r' }), { tag: 'manager' });
    const staff = await addMember(owner, perms({ Members: 'r' }), { tag: 'staff' });

    const cut = await api('POST', '/organization/members/update', { token: owner.token, body: { userId: staff.userId, permissions: perms({ Appointment: 'r' }) } });
    expect(cut.status).toBe(200);
    expect(cut.body.data.roles).toEqual(perms({ Appointment: 'r' }));
    expect((await api('GET', '/organization/members', { token: staff.token })).status).toBe(403);
    const same = await api('POST', '/organization/members/update', { token: owner.token, body: { userId: staff.userId, permissions: perms({ Appointment: 'r' }) } });
    expect(same.body.message).toBe('Nothing changed.');

    const own = await api('POST', '/organization/members/update', { token: manager.token, body: { userId: manager.userId, permissions: ALL } });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own permissions.');
    const demote = await api('POST', '/organization/members/update', { token: manager.token, body: { userId: owner.userId, permissions: perms() } });
    expect(demote.status).toBe(403);
    expect(demote.body.message).toBe("The owner's permissions cannot be changed.");
    const ownerSelf = await api('POST', '/organization/members/update', { token: owner.token, body: { userId: owner.userId, permissions: perms() } });
    expect(ownerSelf.status).toBe(403);

    const beyond = await api('POST', '/organization/members/update', { token: manager.token, body: { userId: staff.userId, permissions: perms({ Appointment: 'r', Members: 'rwd' }) } });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe('You cannot grant permissions you do not have yourself (Members delete).');
    const outside = await api('POST', '/organization/members/update', { token: manager.token, body: { userId: staff.userId, permissions: perms({ Members: 'r' }) } });
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe('You cannot remove permissions you do not have yourself (Appointment read).');
    const within = await api('POST', '/organization/members/update', { token: manager.token, body: { userId: staff.userId, permissions: perms({ Appointment: 'r', Members: 'r', FORMS: 'r' }) } });
    expect(within.status).toBe(200);
    expect((await api('GET', '/organization/members', { token: staff.token })).status).toBe(200);

    const addBeyond = await api('POST', '/organization/members/add', { token: manager.token, body: { email: uniqueEmail('x'), firstName: 'Xena', lastName: 'Extra', permissions: perms({ BOOKING_PACKAGES: 'r' }) } });
    expect(addBeyond.status).toBe(403);
    const addWithin = await api('POST', '/organization/members/add', { token: manager.token, body: { email: uniqueEmail('y'), firstName: 'Yuri', lastName: 'Yes', permissions: perms({ Members: 'r' }) } });
    expect(addWithin.status).toBe(201);

    expect((await api('POST', '/organization/members/update', { token: owner.token, body: { userId: 'nobody', permissions: [] } })).status).toBe(404);
    const invalid = await api('POST', '/organization/members/update', { token: owner.token, body: { permissions: 'all' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({ userId: 'Member is required' });
  });
});

describe('removing a member', () => {
  it('ends their session, frees the account, counts down, and refuses the owner and oneself', async () => {
    const owner = await signUpOwner('remove');
    const remover = await addMember(owner, perms({ Members: 'rd' }), { tag: 'remover' });
    const leaving = await addMember(owner, perms({ Members: 'r', Notifications: 'r' }), { tag: 'leaving' });
    expect((await counters(owner.orgId)).members).toBe(3);
    await api('POST', '/organization/members/add', { token: owner.token, body: { email: uniqueEmail('later'), firstName: 'Lara', lastName: 'Later', permissions: [] } });
    await eventually(async () => ((await api('GET', '/notifications', { token: leaving.token })).body.data.length > 0 ? true : undefined), 'a notice to the leaving member');
    expect((await counters(owner.orgId)).members).toBe(4);

    const ownerGone = await api('DELETE', `/organization/members/${owner.userId}`, { token: remover.token });
    expect(ownerGone.status).toBe(403);
    expect(ownerGone.body.message).toBe('The owner cannot be removed.');
    const self = await api('DELETE', `/organization/members/${remover.userId}`, { token: remover.token });
    expect(self.status).toBe(403);
    expect((await api('DELETE', '/organization/members/nobody', { token: remover.token })).status).toBe(404);

    const removed = await api('DELETE', `/organization/members/${leaving.userId}`, { token: remover.token });
    expect(removed.status).toBe(200);
    expect((await counters(owner.orgId)).members).toBe(3);
    expect((await api('GET', '/organization/members', { token: leaving.token })).status).toBe(401);
    expect((await api('GET', `/organization/members/${leaving.userId}`, { token: owner.token })).status).toBe(404);
    expect((await api('DELETE', `/organization/members/${leaving.userId}`, { token: remover.token })).status).toBe(404);
    expect((await counters(owner.orgId)).members).toBe(3);

    // Their inbox went with them.
    const { client, table } = testDb();
    const left = await client.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${owner.orgId}#USER#${leaving.userId}#NOTIF` } }));
    expect(left.Items).toEqual([]);

    // The account is free again: login goes to the organisation step, and another owner may add them.
    const login = await api('POST', '/users/login', { body: { email: leaving.email, password: leaving.password } });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ hasAddedOrg: false, loginVerified: false });
    const elsewhere = await signUpOwner('elsewhere');
    expect((await api('POST', '/organization/members/add', { token: elsewhere.token, body: { email: leaving.email, firstName: 'Lea', lastName: 'Ving', permissions: [] } })).status).toBe(201);
  });

  it('revokes a pending invitation', async () => {
    const owner = await signUpOwner('revoke');
    const email = uniqueEmail('revoked');
    const added = await api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Rev', lastName: 'Oked', permissions: [] } });
    const token = await inviteTokenFor(email);
    expect((await api('DELETE', `/organization/members/${added.body.data.userId}`, { token: owner.token })).status).toBe(200);
    expect((await api('POST', '/users/accept-invite', { body: { token, password: 'Chosen-pass-1' } })).status).toBe(400);
  });
});

describe('notices about members', () => {
  it('tells staff who may read Members (not the actor, not the new member) and mails the new member', async () => {
    const owner = await signUpOwner('notice');
    const watcher = await addMember(owner, perms({ Members: 'r', Notifications: 'r' }), { tag: 'watcher' });
    const blind = await addMember(owner, perms({ Notifications: 'r' }), { tag: 'blind' });
    const email = uniqueEmail('newbie');
    await api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Newt', lastName: 'Newbie', permissions: perms({ Members: 'r', Notifications: 'r' }) } });

    const notice = await eventually(async () => (await api('GET', '/notifications', { token: watcher.token })).body.data.find((n: Json) => n.message.includes(email)), 'the new member notice');
    expect(notice).toMatchObject({ title: 'New member', message: `Olive Owner added Newt Newbie (${email}).`, read: false });
    expect((await api('GET', '/notifications', { token: blind.token })).body.data.filter((n: Json) => n.title === 'New member')).toEqual([]);
    expect((await api('GET', '/notifications', { token: owner.token })).body.data.filter((n: Json) => n.message.includes(email))).toEqual([]);
    const token = await inviteTokenFor(email);
    expect(await mailsTo(email)).toHaveLength(1);

    const newbie = await api('POST', '/users/accept-invite', { body: { token, password: 'Newbie-pass-1' } });
    const own = (await api('GET', '/notifications', { token: newbie.body.data.token })).body.data;
    expect(own.filter((n: Json) => n.title === 'New member' && n.message.includes(email))).toEqual([]);
    // Staff (the owner included) hear that the invitation was accepted.
    const accepted = await eventually(async () => (await api('GET', '/notifications', { token: owner.token })).body.data.find((n: Json) => n.title === 'Invitation accepted' && n.message.includes(email)), 'the accepted notice');
    expect(accepted).toMatchObject({ message: `Newt Newbie (${email}) accepted the invitation and signed in.`, link: `/member/${newbie.body.data.userDetails.id}` });
  });
});

describe('mails and notices of member changes', () => {
  it('go out once for each change that was made, and never for one that was refused', async () => {
    const owner = await signUpOwner('once');
    const watcher = await addMember(owner, perms({ Members: 'r', Notifications: 'r' }), { tag: 'watcher' });
    const email = uniqueEmail('racer');
    const added = await api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Rae', lastName: 'Racer', permissions: [] } });
    expect(added.status).toBe(201);
    await inviteTokenFor(email);

    // Resends at the same moment: each one that replaced the link mails it; the others change nothing and mail nothing.
    const resends = await Promise.all(Array.from({ length: 5 }, () => api('POST', '/organization/members/resend-invite', { token: owner.token, body: { userId: added.body.data.userId } })));
    const made = resends.filter((r) => r.status === 200).length;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(resends.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(5 - made).fill(409));
    await inviteTokenFor(email, 1 + made);
    const refused = await api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Rae', lastName: 'Racer', permissions: [] } });
    expect(refused.status).toBe(409);

    // Time for any second delivery to show up before counting.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await mailsTo(email)).toHaveLength(1 + made);
    const notices = (await api('GET', '/notifications', { token: watcher.token })).body.data.filter((n: Json) => n.message.includes(email));
    expect(notices.map((n: Json) => n.title)).toEqual(['New member']);
    // Of all the links mailed, exactly one (the last one made) still works.
    const tokens = (await mailsTo(email)).map((m) => decodeURIComponent(/accept-invite\?token=([A-Za-z0-9_%-]+)/.exec(m.body.text ?? '')![1]));
    const valid = await Promise.all(tokens.map(async (token) => (await api('POST', '/users/invite-details', { body: { token } })).status));
    expect(valid.filter((status) => status === 200)).toHaveLength(1);
  });
});
