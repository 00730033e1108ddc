// Passwords as argon2id, and the hashes stored before it (scrypt) upgraded at the next sign-in.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail } from '../support/api';
import { testDb } from '../support/db';
import { legacyScryptHash } from '../support/legacy-password';

async function storedHash(userId: string): Promise<string> {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, ConsistentRead: true }))).Item!.passwordHash;
}

async function setStoredHash(userId: string, hash: string) {
  const { client, table } = testDb();
  await client.send(new UpdateCommand({ TableName: table, Key: { pk: `USER#${userId}`, sk: 'PROFILE' }, UpdateExpression: 'SET passwordHash = :h', ExpressionAttributeValues: { ':h': hash } }));
}

const signIn = (email: string, password: string) => api('POST', '/users/login', { body: { email, password } });

describe('password hashing', () => {
  it('stores a new password as argon2id with 19 MiB, 2 passes and 1 lane', async () => {
    const owner = await signUpOwner('argon');
    expect(await storedHash(owner.userId)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(owner.email, owner.password)).status).toBe(201);
  });

  it('signs in with a scrypt hash from before, and replaces it with argon2id; a wrong password changes nothing', async () => {
    const owner = await signUpOwner('legacy');
    const old = legacyScryptHash(owner.password);
    await setStoredHash(owner.userId, old);

    expect((await signIn(owner.email, 'Wrong-pass-1')).status).toBe(401);
    expect(await storedHash(owner.userId)).toBe(old);

    const first = await signIn(owner.email, owner.password);
    expect(first.status).toBe(201);
    expect(first.body.data.token).toBeTruthy();
    const upgraded = await storedHash(owner.userId);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The upgraded hash signs in, and is not rewritten again.
    expect((await signIn(owner.email, owner.password)).status).toBe(201);
    expect(await storedHash(owner.userId)).toBe(upgraded);
  });

  // The work is the same by construction (functions/lib/passwords.test.ts counts it); this checks the
  // whole route's time. An unknown email skips the account's reads, so it is compared with the same bound.
  it('refuses a wrong password in the same time for an argon2id account, a scrypt account and an unknown email', async () => {
    const current = await signUpOwner('timing-a');
    const legacy = await signUpOwner('timing-s');
    await setStoredHash(legacy.userId, legacyScryptHash(legacy.password));
    const unknown = uniqueEmail('nobody');
    const times: Record<string, number[]> = { argon2id: [], scrypt: [], unknown: [] };
    // Interleaved, so the machine's load falls on the three alike; medians compared.
    for (let round = 0; round < 7; round++) {
      for (const [kind, email] of [['argon2id', current.email], ['scrypt', legacy.email], ['unknown', unknown]] as const) {
        const started = performance.now();
        const res = await signIn(email, `Wrong-pass-${round}`);
        times[kind].push(performance.now() - started);
        expect(res.status).toBe(401);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[3];
    const medians = Object.values(times).map(median);
    expect(Math.max(...medians) / Math.min(...medians), JSON.stringify(times)).toBeLessThan(2.5);
  });
});
