// The account API over HTTP against the embedded stack: the sign-up flow of spec section 4 step by
// step, and the refusals (codes, tokens, enumeration, bad input).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, testAddress, latestCode, mailsTo, signUpOwner, uniqueEmail } from '../support/api';
import { testDb } from '../support/db';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');

async function userIdOf(email: string): Promise<string> {
  const { client, table } = testDb();
  const out = await client.send(new GetCommand({ TableName: table, Key: { pk: `EMAIL#${email}`, sk: 'EMAIL' } }));
  return out.Item!.userId;
}

/** Lets the next code be sent at once, as if the minute between sends had passed. */
async function allowResend(email: string, purpose = 'verify-email') {
  const { client, table } = testDb();
  await client.send(new UpdateCommand({
    TableName: table, Key: { pk: `USER#${await userIdOf(email)}`, sk: `OTP#${purpose}` },
    UpdateExpression: 'SET lastSentAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 61_000).toISOString() },
  }));
}

describe('sign-up flow (spec section 4)', () => {
  it('goes from email and password to a signed-in owner, with the flags each step promises', async () => {
    const email = uniqueEmail('flow');
    const password = 'Pass-1234';

    // Arrange/Act 1: a new email gets a code (201, unverified).
    const sent = await api('POST', '/users/register-email', { body: { email, password } });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ isEmailVerified: false, loginVerified: false });
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.body.text).toMatch(/expires in 10 minutes/);

    // 2: a valid code gives a registration token.
    const verified = await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email), password } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ isEmailVerified: true, hasAddedBasicDetails: false, hasAddedOrg: false });
    const registration = verified.body.data.token;

    // 3: signing in before the details are added says which step is next.
    const early = await api('POST', '/users/login', { body: { email, password } });
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ hasAddedBasicDetails: false, loginVerified: false });

    const basic = await api('POST', '/users/add-basic-details', {
      token: registration,
      body: { username: 'flowuser', firstName: 'Flora', middleName: '', lastName: 'Lowe', phoneNumber: '+15551230000', gender: 'other', city: 'Boston', country: 'United States' },
    });
    expect(basic.status).toBe(200);
    expect(basic.body.data).toMatchObject({ hasAddedBasicDetails: true, hasAddedOrg: false });

    // 4: 200 with hasAddedOrg false sends the user to the organisation step.
    const midway = await api('POST', '/users/login', { body: { email, password } });
    expect(midway.body.data).toMatchObject({ hasAddedBasicDetails: true, hasAddedOrg: false });

    // 7: the organisation makes the user its owner and signs them in.
    const org = await api('POST', '/users/add-organization', {
      token: registration,
      body: { name: 'Flow Clinic', email, legalName: 'Flow Clinic LLC', websiteUrl: 'https://flow.example.com', phoneNumber: '+15551230000' },
    });
    expect(org.status).toBe(201);
    expect(org.body.data).toMatchObject({ loginVerified: true, hasAddedOrg: true, userDetails: { email, firstName: 'Flora', isEmailVerified: true } });
    expect(JSON.stringify(org.body)).not.toMatch(/passwordHash|scrypt/);

    // 5: the combined entry now says the account exists, and login signs in (6).
    const again = await api('POST', '/users/register-email', { body: { email, password } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ isAlreadyRegistered: true });
    const login = await api('POST', '/users/login', { body: { email, password } });
    expect(login.status).toBe(201);
    expect(login.body.message).toBe('Login successful');
    expect(login.body.data).toMatchObject({ loginVerified: true, userDetails: { email } });

    const roles = await api('GET', '/users/roles-permissions', { token: login.body.data.token });
    expect(roles.body.data.isOwner).toBe(true);
    expect(roles.body.data.roles).toHaveLength(5);

    // An organisation can be added only once.
    const twice = await api('POST', '/users/add-organization', {
      token: registration,
      body: { name: 'Second Clinic', email, legalName: 'Second LLC', websiteUrl: 'https://second.example.com', phoneNumber: '+15551230000' },
    });
    expect(twice.status).toBe(409);
  });

  it('validates with the spec messages and answers 400 with the envelope', async () => {
    const res = await api('POST', '/users/register-email', { body: { email: 'x', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Minimum 3 symbols', errors: { email: 'Minimum 3 symbols', password: 'Password is required' } });
  });
});

describe('one-time codes', () => {
  it('are stored hashed, not in clear', async () => {
    const email = uniqueEmail('hashed');
    await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } });
    const code = await latestCode(email);
    const { client, table } = testDb();
    const record = await client.send(new GetCommand({ TableName: table, Key: { pk: `USER#${await userIdOf(email)}`, sk: 'OTP#verify-email' } }));
    expect(JSON.stringify(record.Item)).not.toContain(code);
    expect(record.Item!.codeHash).toBeTruthy();
  });

  it('lock after 5 wrong tries, even for the right code', async () => {
    const email = uniqueEmail('lock');
    await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } });
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await api('POST', '/users/verify-email-otp', { body: { email, otp: wrong } })).body.message);
    expect(answers[0]).toBe('The code is incorrect. 4 tries left.');
    const right = await api('POST', '/users/verify-email-otp', { body: { email, otp: code } });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many wrong codes. Please request a new code.');
  });

  it('expire after 10 minutes', async () => {
    const email = uniqueEmail('expiry');
    await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } });
    const { client, table } = testDb();
    await client.send(new UpdateCommand({
      TableName: table, Key: { pk: `USER#${await userIdOf(email)}`, sk: 'OTP#verify-email' },
      UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
    }));
    const res = await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('are not resent within a minute, and at most 5 times an hour', async () => {
    const email = uniqueEmail('resend');
    expect((await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } })).status).toBe(201);
    const soon = await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } });
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toBeTruthy();
    for (let i = 2; i <= 5; i++) {
      await allowResend(email);
      expect((await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } })).status).toBe(201);
    }
    await allowResend(email);
    const sixth = await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/an hour/);
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('cannot be used with a password other than the one the code was sent for', async () => {
    const email = uniqueEmail('hijack');
    await api('POST', '/users/register-email', { body: { email, password: 'Owner-pass' } });
    const res = await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email), password: 'Attacker-pass' } });
    expect(res.status).toBe(400);
  });
});

describe('tokens', () => {
  it('a registration token does not open signed-in routes, and an access token does not open sign-up steps', async () => {
    const email = uniqueEmail('tokens');
    await api('POST', '/users/register-email', { body: { email, password: 'Pass-1234' } });
    const registration = (await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email) } })).body.data.token;
    expect((await api('GET', '/users/profile', { token: registration })).status).toBe(401);

    const owner = await signUpOwner('tok');
    const res = await api('POST', '/users/add-basic-details', {
      token: owner.token,
      body: { username: 'someone', firstName: 'Some', lastName: 'Body', phoneNumber: '+15550000000', gender: 'male' },
    });
    expect(res.status).toBe(401);
  });

  it('refuses missing, malformed and tampered tokens with 401', async () => {
    const owner = await signUpOwner('tamper');
    expect((await api('GET', '/users/profile')).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: 'not-a-jwt' })).status).toBe(401);
    const [h, p, s] = owner.token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, org: 'someone-else' })).toString('base64url')}.${s}`;
    expect((await api('GET', '/users/profile', { token: forged })).status).toBe(401);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(200);
  });
});

describe('sign-in does not reveal which accounts exist', () => {
  it('answers an unknown email and a wrong password alike', async () => {
    const owner = await signUpOwner('enum');
    const unknown = await api('POST', '/users/login', { body: { email: uniqueEmail('nobody'), password: 'Whatever-1' } });
    const wrong = await api('POST', '/users/login', { body: { email: owner.email, password: 'Whatever-1' } });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('Invalid email or password');
  });

  it('answers sign-up with a taken email like a new one, and tells the owner by mail', async () => {
    const owner = await signUpOwner('taken');
    const before = (await mailsTo(owner.email)).length;
    const res = await api('POST', '/users/register-email', { body: { email: owner.email, password: 'Not-the-password' } });
    const fresh = await api('POST', '/users/register-email', { body: { email: uniqueEmail('fresh'), password: 'Not-the-password' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(fresh.body);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('You already have an account');
  });

  it('answers forgot-password the same for unknown emails', async () => {
    const owner = await signUpOwner('forgot');
    const known = await api('POST', '/users/password/forgot', { body: { email: owner.email } });
    const unknown = await api('POST', '/users/password/forgot', { body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });
});

describe('sign-in guessing is limited', () => {
  const login = (email: string, password: string, address: string) =>
    api('POST', '/users/login', { headers: { 'x-forwarded-for': address }, body: { email, password } });
  const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

  it('per email and address: after 10 failed tries that address is refused, even with the right password; the owner elsewhere is not', async () => {
    const owner = await signUpOwner('guessed');
    const guesser = testAddress();
    for (let i = 0; i < 10; i++) expect((await login(owner.email, `Wrong-${i}23`, guesser)).status).toBe(401);
    const refused = await login(owner.email, owner.password, guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window slides by the minute (data/rate-limits.ts): a failure leaves it 15 to 16 minutes after.
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(16 * 60);
    // A stranger's failures do not lock the owner out.
    expect((await login(owner.email, owner.password, testAddress())).status).toBe(201);
    // Successful sign-ins are not counted.
    const home = testAddress();
    for (let i = 0; i < 11; i++) expect((await login(owner.email, owner.password, home)).status).toBe(201);
  });

  it('per email from everywhere: 100 failed tries in 15 minutes, then every address is refused; unknown emails alike', async () => {
    for (const email of [(await signUpOwner('spread')).email, uniqueEmail('nobody')]) {
      for (let batch = 0; batch < 10; batch++) {
        const address = testAddress();
        const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => login(email, `Wrong-${batch}-${i}`, address).then((r) => r.status)));
        expect(statuses).toEqual(Array(10).fill(401));
      }
      expect((await login(email, 'Wrong-last-1', testAddress())).status).toBe(429);
    }
  }, 60_000);

  it('per address: 30 tries in 15 minutes, whatever the emails; other addresses are not affected', async () => {
    const owner = await signUpOwner('crowded');
    const from = { 'x-forwarded-for': `10.0.0.1, ${testAddress()}` };
    for (let i = 0; i < 30; i++) {
      expect((await api('POST', '/users/login', { headers: from, body: { email: uniqueEmail(`spray${i}`), password: 'Wrong-123' } })).status).toBe(401);
    }
    expect((await api('POST', '/users/login', { headers: from, body: { email: owner.email, password: owner.password } })).status).toBe(429);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } })).status).toBe(201);
  });
});

describe('password reset and change', () => {
  it('resets the password with the mailed code; the old one stops working', async () => {
    const owner = await signUpOwner('reset');
    await api('POST', '/users/password/forgot', { body: { email: owner.email } });
    const code = await latestCode(owner.email);
    const bad = await api('POST', '/users/password/reset', { body: { email: owner.email, otp: code === '999999' ? '000000' : '999999', password: 'New-pass-1' } });
    expect(bad.status).toBe(400);
    const reset = await api('POST', '/users/password/reset', { body: { email: owner.email, otp: code, password: 'New-pass-1' } });
    expect(reset.status).toBe(200);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } })).status).toBe(401);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: 'New-pass-1' } })).status).toBe(201);
    // A used code cannot be used again.
    expect((await api('POST', '/users/password/reset', { body: { email: owner.email, otp: code, password: 'Other-pass-1' } })).status).toBe(400);
  });

  it('changes the password only with the current one', async () => {
    const owner = await signUpOwner('change');
    const wrong = await api('PATCH', '/users/password/change', { token: owner.token, body: { currentPassword: 'nope', newPassword: 'Changed-1' } });
    expect(wrong.status).toBe(400);
    const ok = await api('PATCH', '/users/password/change', { token: owner.token, body: { currentPassword: owner.password, newPassword: 'Changed-1' } });
    expect(ok.status).toBe(200);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: 'Changed-1' } })).status).toBe(201);
  });
});

describe('profile', () => {
  it('reads and updates the profile', async () => {
    const owner = await signUpOwner('profile');
    const updated = await api('PATCH', '/users/profile', { token: owner.token, body: { firstName: 'Opal', city: 'Denver' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ firstName: 'Opal', lastName: 'Owner', city: 'Denver' });
    const read = await api('GET', '/users/profile', { token: owner.token });
    expect(read.body.data).toMatchObject({ firstName: 'Opal', email: owner.email, isEmailVerified: true });
    const invalid = await api('PATCH', '/users/profile', { token: owner.token, body: { firstName: 'Al' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ firstName: 'Minimum 3 symbols' });
  });

  it('uploads a profile picture, served back under /assets, and refuses other files', async () => {
    const owner = await signUpOwner('picture');
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const up = await api('PATCH', '/users/profile-picture', { token: owner.token, form });
    expect(up.status).toBe(200);
    const key = up.body.data.profilePictureUrl as string;
    expect(key).toMatch(new RegExp(`^org/${owner.orgId}/users/${owner.userId}/.+\\.png$`));
    const served = await fetch(`${(await import('vitest')).inject('appUrl')}/assets/${key}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await api('GET', '/users/profile-picture', { token: owner.token })).body.data.profilePictureUrl).toBe(key);

    const script = new FormData();
    script.append('file', new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'evil.png');
    const refused = await api('PATCH', '/users/profile-picture', { token: owner.token, form: script });
    expect(refused.status).toBe(415);

    const big = new FormData();
    big.append('file', new Blob([PNG, Buffer.alloc(6 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    expect((await api('PATCH', '/users/profile-picture', { token: owner.token, form: big })).status).toBe(413);

    const none = await api('PATCH', '/users/profile-picture', { token: owner.token, form: new FormData() });
    expect(none.status).toBe(400);
    expect((await api('GET', '/users/profile-picture', { token: owner.token })).body.data.profilePictureUrl).toBe(key);
  });

  it('deletes the account; the token and the login stop working', async () => {
    const owner = await signUpOwner('delete');
    const del = await api('DELETE', '/users', { token: owner.token });
    expect(del.status).toBe(200);
    expect((await api('GET', '/users/profile', { token: owner.token })).status).toBe(401);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } })).status).toBe(401);
  });
});

describe('dashboard', () => {
  it('shows the kept counters to the owner', async () => {
    const owner = await signUpOwner('dash');
    const res = await api('GET', '/dashboard', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ members: 1, appointments: 0, services: 0, forms: 0, bookings: 0 });
  });
});

describe('bad requests never become 500s', () => {
  it('unknown route 404, wrong method 405, malformed JSON 400, oversized body 413', async () => {
    expect((await api('GET', '/no/such/route')).status).toBe(404);
    const wrongMethod = await api('GET', '/users/login');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    const malformed = await api('POST', '/users/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON.');
    const huge = await api('POST', '/users/login', { raw: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    const wrongShape = await api('POST', '/users/login', { raw: '[1,2,3]', headers: { 'content-type': 'application/json' } });
    expect(wrongShape.status).toBe(400);
  });
});
