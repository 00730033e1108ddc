// The owner's audit log over HTTP: every write leaves exactly one entry (refusals none), newest first,
// with its actor's name, filtered by module, member and dates, paged with a cursor.
import { describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, inviteTokenFor, logs, perms } from '../support/members';
import type { Json } from '../support/json';

describe('audit log', () => {
  it('gets exactly one entry per write, in the same transaction as the write', async () => {
    const owner = await signUpOwner('audit');
    const start = await logs(owner);
    expect(start.map((e) => [e.module, e.action, e.recordType])).toEqual([['Organization', 'create', 'organization']]);

    let count = start.length;
    /** Runs a write and checks it left one entry (the newest) that matches. */
    async function wrote(write: () => Promise<{ status: number }>, expected: { module: string; action: string; recordType: string; actor?: string; summary?: RegExp }) {
      const res = await write();
      expect(res.status).toBeLessThan(300);
      const entries = await logs(owner);
      expect(entries).toHaveLength(count + 1);
      count++;
      const { actor, summary, ...rest } = expected;
      expect(entries[0]).toMatchObject(rest);
      expect(entries[0].actor?.email).toBe(actor ?? owner.email);
      if (summary) expect(entries[0].summary).toMatch(summary);
      return entries[0];
    }
    /** Runs a request that writes nothing (refused, or nothing to change) and checks no entry appeared. */
    async function noEntry(write: () => Promise<{ status: number }>, status: number) {
      expect((await write()).status).toBe(status);
      expect(await logs(owner)).toHaveLength(count);
    }

    await wrote(() => api('PATCH', '/organization/profile', { token: owner.token, body: { legalName: 'Audit Clinic Ltd' } }), { module: 'Organization', action: 'update', recordType: 'organization', summary: /legalName/ });
    await wrote(() => api('POST', '/organization/generate-integration', { token: owner.token }), { module: 'Organization', action: 'update', recordType: 'integration-key' });
    const email = uniqueEmail('audited');
    const added = await wrote(
      () => api('POST', '/organization/members/add', { token: owner.token, body: { email, firstName: 'Aud', lastName: 'Ited', permissions: perms({ Members: 'rw', Notifications: 'r' }) } }),
      { module: 'Members', action: 'create', recordType: 'member', summary: new RegExp(`Invited ${email} \\(Members read, write; Notifications read\\)`) },
    );
    await wrote(() => api('POST', '/organization/members/resend-invite', { token: owner.token, body: { userId: added.recordId } }), { module: 'Members', action: 'update', recordType: 'member' });
    const accepted = await api('POST', '/users/accept-invite', { body: { token: await inviteTokenFor(email, 2), password: 'Audited-1' } });
    expect(accepted.status).toBe(201);
    count++;
    expect((await logs(owner))[0]).toMatchObject({ module: 'Members', action: 'update', actorId: added.recordId, summary: `${email} accepted the invitation`, actor: { email, firstName: 'Aud' } });
    const member = { token: accepted.body.data.token as string };

    const other = await addMember(owner, perms(), { tag: 'other' });
    count += 2; // added, then accepted
    await wrote(() => api('POST', '/organization/members/update', { token: member.token, body: { userId: other.userId, permissions: perms({ Members: 'r' }) } }), {
      module: 'Members', action: 'update', recordType: 'member', actor: email, summary: /no access -> Members read/,
    });
    await noEntry(() => api('POST', '/organization/members/update', { token: member.token, body: { userId: other.userId, permissions: perms({ Members: 'rwd' }) } }), 403);
    await noEntry(() => api('POST', '/organization/members/update', { token: owner.token, body: { userId: other.userId, permissions: perms({ Members: 'r' }) } }), 200); // nothing changed
    await noEntry(() => api('DELETE', `/organization/members/${owner.userId}`, { token: owner.token }), 403);
    await noEntry(() => api('PATCH', '/organization/profile', { token: owner.token, body: { websiteUrl: 'not a url' } }), 400);

    await api('POST', '/organization/members/add', { token: owner.token, body: { email: uniqueEmail('noise'), firstName: 'Noi', lastName: 'Sey', permissions: [] } });
    count++;
    const notes = await eventually(async () => {
      const list = (await api('GET', '/notifications', { token: member.token })).body.data;
      return list.length ? list : undefined;
    }, 'a notice to the member');
    await wrote(() => api('GET', `/notifications/mark-as-read/${notes[0].id}`, { token: member.token }), { module: 'Notifications', action: 'update', recordType: 'notification', actor: email });
    await noEntry(() => api('GET', `/notifications/mark-as-read/${notes[0].id}`, { token: member.token }), 200); // already read
    await wrote(() => api('DELETE', `/notifications/${notes[0].id}`, { token: member.token }), { module: 'Notifications', action: 'delete', recordType: 'notification', actor: email });
    await wrote(() => api('DELETE', `/organization/members/${other.userId}`, { token: owner.token }), { module: 'Members', action: 'delete', recordType: 'member', summary: new RegExp(`Removed ${other.email}`) });
  });

  it('filters by module, member and dates, pages with a cursor, and names actors who left as null', async () => {
    const owner = await signUpOwner('filter');
    const member = await addMember(owner, perms({ Members: 'rw' }), { tag: 'actor' });
    const victim = await addMember(owner, perms(), { tag: 'victim' });
    await api('POST', '/organization/members/update', { token: member.token, body: { userId: victim.userId, permissions: perms({ Members: 'r' }) } });
    await api('PATCH', '/organization/profile', { token: owner.token, body: { phoneNumber: '+15550009999' } });

    const all = await logs(owner);
    // create org, add+accept member, add+accept victim, update, profile
    expect(all).toHaveLength(7);
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const org = await logs(owner, 'module=Organization');
    expect(org.map((e) => e.action)).toEqual(['update', 'create']);
    const byMember = await logs(owner, `userId=${member.userId}`);
    expect(byMember.map((e) => e.summary)).toEqual([expect.stringMatching(/^Changed permissions of/), `${member.email} accepted the invitation`]);
    expect(byMember[0].actor).toMatchObject({ userId: member.userId, email: member.email, firstName: 'Mona', lastName: 'Member' });
    const both = await logs(owner, `userId=${member.userId}&module=Members&limit=1`);
    expect(both).toHaveLength(1);
    expect(await logs(owner, `userId=${member.userId}&module=Organization`)).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await logs(owner, `from=${today}&to=${today}`)).toHaveLength(7);
    expect(await logs(owner, `to=${yesterday}`)).toEqual([]);
    expect(await logs(owner, `from=${tomorrow}`)).toEqual([]);
    const sinceFourth = await logs(owner, `from=${encodeURIComponent(all[3].at)}`);
    expect(sinceFourth.map((e) => e.id)).toEqual(all.slice(0, 4).map((e) => e.id));
    const untilFourth = await logs(owner, `to=${encodeURIComponent(all[3].at)}&module=Members`);
    expect(untilFourth[0].id).toBe(all[3].id);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await api('GET', `/logs?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: owner.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.items.map((e: Json) => e.id));
      cursor = res.body.data.nextCursor;
    } while (cursor && seen.length < 20);
    expect(seen).toEqual(all.map((e) => e.id));

    const invalid = await api('GET', `/logs?from=${tomorrow}&to=${yesterday}`, { token: owner.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ from: 'From must not be after To' });
    expect((await api('GET', '/logs?from=last-week', { token: owner.token })).body.errors).toEqual({ from: 'From must be an ISO date, e.g. 2025-01-31' });
    expect((await api('GET', '/logs?cursor=abc', { token: owner.token })).status).toBe(400);
    const other = await signUpOwner('filterother');
    const foreign = Buffer.from(JSON.stringify({ pk: `ORG#${other.orgId}#LOG`, sk: '2020' })).toString('base64url');
    expect((await api('GET', `/logs?cursor=${foreign}`, { token: owner.token })).status).toBe(400);
    expect((await api('GET', '/logs', { token: member.token })).status).toBe(403);

    // An actor who has left is shown as null (their id stays).
    await api('DELETE', `/organization/members/${member.userId}`, { token: owner.token });
    const afterLeaving = await logs(owner, `userId=${member.userId}`);
    expect(afterLeaving[0]).toMatchObject({ actorId: member.userId, actor: null });
  });
});
