// Notifications over HTTP: a member's own list (data is the array, newest first; cursor and unread
// count in headers), marking as read and deleting, with a kept unread count that never double-counts.
import { describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, perms, type Member } from '../support/members';
import type { Json } from '../support/json';

/**
 * Adds a member with a pending invitation: every reader of Members and Notifications gets one notice
 * (through the outbox, just after); waits until `readers` have it.
 */
async function newMemberNotice(owner: Owner, firstName: string, readers: Member[]) {
  const res = await api('POST', '/organization/members/add', { token: owner.token, body: { email: uniqueEmail(firstName.toLowerCase()), firstName, lastName: 'Notice', permissions: [] } });
  expect(res.status).toBe(201);
  for (const reader of readers) {
    await eventually(async () => (await api('GET', '/notifications', { token: reader.token })).body.data.find((n: Json) => n.message.includes(`${firstName} Notice`)), `${firstName}'s notice`);
  }
}

async function unread(member: Member): Promise<number> {
  const res = await api('GET', '/notifications/unread-count', { token: member.token });
  expect(res.status).toBe(200);
  return res.body.data.unread;
}

describe('notification list', () => {
  it('answers data as an array, newest first, with the unread count and the next cursor in headers', async () => {
    const owner = await signUpOwner('notif');
    const reader = await addMember(owner, perms({ Members: 'r', Notifications: 'r' }), { tag: 'reader' });
    for (const name of ['Anna', 'Boris', 'Chen']) await newMemberNotice(owner, name, [reader]);

    const list = await api('GET', '/notifications', { token: reader.token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.data)).toBe(true);
    expect(list.body.data.map((n: Json) => n.message)).toEqual([
      expect.stringContaining('Chen Notice'), expect.stringContaining('Boris Notice'), expect.stringContaining('Anna Notice'),
    ]);
    expect(list.body.data[0]).toEqual({ id: expect.any(String), title: 'New member', message: expect.any(String), link: expect.stringMatching(/^\/member\//), read: false, createdAt: expect.any(String) });
    expect(list.headers.get('x-unread-count')).toBe('3');
    expect(list.headers.get('x-next-cursor')).toBeNull();
    expect(await unread(reader)).toBe(3);

    const first = await api('GET', '/notifications?limit=2', { token: reader.token });
    expect(first.body.data).toHaveLength(2);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await api('GET', `/notifications?limit=2&cursor=${cursor}`, { token: reader.token });
    expect(second.body.data.map((n: Json) => n.id)).toEqual([list.body.data[2].id]);
    expect(second.headers.get('x-next-cursor')).toBeNull();

    // Without headers: ?before=<id of the last one shown>.
    const older = await api('GET', `/notifications?limit=2&before=${list.body.data[0].id}`, { token: reader.token });
    expect(older.body.data.map((n: Json) => n.id)).toEqual(list.body.data.slice(1).map((n: Json) => n.id));
    const olderUnread = await api('GET', `/notifications?unread=true&before=${list.body.data[1].id}`, { token: reader.token });
    expect(olderUnread.body.data.map((n: Json) => n.id)).toEqual([list.body.data[2].id]);
    expect((await api('GET', '/notifications?before=nope', { token: reader.token })).status).toBe(400);

    // Someone else's cursor is refused, not followed.
    const ownerList = await api('GET', '/notifications', { token: owner.token });
    expect(ownerList.status).toBe(200);
    const foreign = Buffer.from(JSON.stringify({ pk: `ORG#${owner.orgId}#USER#${owner.userId}#NOTIF`, sk: 'x' })).toString('base64url');
    expect((await api('GET', `/notifications?cursor=${foreign}`, { token: reader.token })).status).toBe(400);
    expect((await api('GET', '/notifications?unread=maybe', { token: reader.token })).status).toBe(400);
  });
});

describe('marking as read and deleting', () => {
  it('keeps the unread count right: marking twice counts once, deleting a read one changes nothing', async () => {
    const owner = await signUpOwner('mark');
    const reader = await addMember(owner, perms({ Members: 'r', Notifications: 'r' }), { tag: 'reader' });
    for (const name of ['Dora', 'Emil', 'Fay', 'Gus']) await newMemberNotice(owner, name, [reader]);
    const all = (await api('GET', '/notifications', { token: reader.token })).body.data as { id: string; message: string }[];
    expect(all).toHaveLength(4);
    expect(await unread(reader)).toBe(4);

    const marked = await api('GET', `/notifications/mark-as-read/${all[0].id}`, { token: reader.token });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ id: all[0].id, read: true, unread: 3 });
    const twice = await api('GET', `/notifications/mark-as-read/${all[0].id}`, { token: reader.token });
    expect(twice.status).toBe(200);
    expect(await unread(reader)).toBe(3);

    const unreadOnly = await api('GET', '/notifications?unread=true', { token: reader.token });
    expect(unreadOnly.body.data.map((n: Json) => n.id)).toEqual(all.slice(1).map((n) => n.id));
    expect(unreadOnly.body.data.every((n: Json) => n.read === false)).toBe(true);
    expect(unreadOnly.headers.get('x-unread-count')).toBe('3');
    const withRead = await api('GET', '/notifications', { token: reader.token });
    expect(withRead.body.data[0]).toMatchObject({ id: all[0].id, read: true });

    // Deleting a read one leaves the count; deleting an unread one lowers it.
    const delRead = await api('DELETE', `/notifications/${all[0].id}`, { token: reader.token });
    expect(delRead.status).toBe(200);
    expect(delRead.body.data.unread).toBe(3);
    const delUnread = await api('DELETE', `/notifications/${all[1].id}`, { token: reader.token });
    expect(delUnread.body.data.unread).toBe(2);
    expect((await api('DELETE', `/notifications/${all[1].id}`, { token: reader.token })).status).toBe(404);
    expect((await api('GET', `/notifications/mark-as-read/${all[1].id}`, { token: reader.token })).status).toBe(404);
    expect((await api('GET', '/notifications', { token: reader.token })).body.data.map((n: Json) => n.id)).toEqual(all.slice(2).map((n) => n.id));

    // Many clicks at once still count once.
    await Promise.all([1, 2, 3, 4, 5].map(() => api('GET', `/notifications/mark-as-read/${all[2].id}`, { token: reader.token })));
    expect(await unread(reader)).toBe(1);
    const race = await Promise.all([
      api('GET', `/notifications/mark-as-read/${all[3].id}`, { token: reader.token }),
      api('DELETE', `/notifications/${all[3].id}`, { token: reader.token }),
      api('DELETE', `/notifications/${all[3].id}`, { token: reader.token }),
    ]);
    expect(race.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await unread(reader)).toBe(0);
    const final = await api('GET', '/notifications?unread=true', { token: reader.token });
    expect(final.body.data).toEqual([]);
    expect(final.headers.get('x-unread-count')).toBe('0');
  });

  it("cannot reach another member's notifications, nor ids we never issued", async () => {
    const owner = await signUpOwner('mine');
    const a = await addMember(owner, perms({ Members: 'r', Notifications: 'r' }), { tag: 'a' });
    const b = await addMember(owner, perms({ Members: 'r', Notifications: 'r' }), { tag: 'b' });
    await newMemberNotice(owner, 'Hana', [a, b]);
    const aId = (await api('GET', '/notifications', { token: a.token })).body.data[0].id;
    const bBefore = await unread(b);
    expect((await api('GET', `/notifications/mark-as-read/${aId}`, { token: b.token })).status).toBe(404);
    expect((await api('DELETE', `/notifications/${aId}`, { token: b.token })).status).toBe(404);
    expect((await api('GET', '/notifications', { token: a.token })).body.data[0]).toMatchObject({ id: aId, read: false });
    expect(await unread(b)).toBe(bBefore);
    for (const id of ['x', 'zzzzzzzzzzzz.abcdefgh', '0.0', encodeURIComponent('../../x')]) {
      expect((await api('GET', `/notifications/mark-as-read/${id}`, { token: a.token })).status).toBe(404);
    }
  });

  it('is only for members with Notifications read', async () => {
    const owner = await signUpOwner('nonotif');
    const member = await addMember(owner, perms({ Members: 'rwd' }));
    expect((await api('GET', '/notifications', { token: member.token })).status).toBe(403);
    expect((await api('GET', '/notifications/unread-count', { token: member.token })).status).toBe(403);
  });
});
