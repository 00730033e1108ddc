// Users and their sign-in data. Access patterns:
//   user by id           pk USER#<id>      sk PROFILE
//   user id by email     pk EMAIL#<email>  sk EMAIL        (unique: written with the user in one transaction)
//   one-time code        pk USER#<id>      sk OTP#<purpose>
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserDetails } from '#shared/api';
import { ddb, table } from './dynamo';
import { isConditionFailure, strip, transact, type TransactItem } from './core';
import { setClause } from './update';

export interface User {
  id: string;
  email: string;
  passwordHash: string;
  isEmailVerified: boolean;
  hasAddedBasicDetails: boolean;
  orgId?: string;
  username?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  phoneNumber?: string;
  gender?: string;
  city?: string;
  country?: string;
  profilePictureKey?: string;
  createdAt: string;
  updatedAt: string;
}

/** 'account-notice' sends no code: it only throttles the 'you already have an account' mail. */
export type OtpPurpose = 'verify-email' | 'reset-password' | 'account-notice';

export interface OtpRecord {
  codeHash: string;
  salt: string;
  expiresAt: string;
  attempts: number;
  /** Sends inside the current rate-limit window and when that window started. */
  sends: number;
  windowStartedAt: string;
  lastSentAt: string;
  /** For sign-up: the password hash submitted with the request that sent this code. */
  pendingPasswordHash?: string;
}

export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' });
const emailKey = (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' });
const otpKey = (userId: string, purpose: OtpPurpose) => ({ pk: `USER#${userId}`, sk: `OTP#${purpose}` });

// Get a user by id.
export async function getUser(id: string): Promise<User | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: userKey(id) }));
  return strip<User>(out.Item);
}

// Find a user by email (two reads: the unique email item, then the user).
export async function findUserByEmail(email: string): Promise<User | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: emailKey(email) }));
  const userId = out.Item?.userId as string | undefined;
  return userId ? getUser(userId) : undefined;
}

/** Items creating a user with its unique email item; they fail their condition when the email is taken. */
export function newUserItems(user: User): TransactItem[] {
  return [
    { Put: { TableName: table(), Item: { ...emailKey(user.email), userId: user.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...userKey(user.id), ...user }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

// Create a user; fails with a condition failure when the email is taken.
export async function createUser(user: User): Promise<void> {
  await transact(newUserItems(user));
}

/**
 * The Update attaching an existing user to an organisation. It fails when the user meanwhile joined
 * another one (a racing sign-up or invitation must not put a person in two organisations). Names
 * only fill gaps; `detailsAdded` spares a verified person the sign-up's detail steps.
 */
export function joinOrganizationItem(
  user: Pick<User, 'id' | 'orgId'>,
  orgId: string,
  now: string,
  options: { names?: Pick<User, 'firstName' | 'lastName'>; detailsAdded?: boolean } = {},
): TransactItem {
  const names = options.names ? ', firstName = if_not_exists(firstName, :first), lastName = if_not_exists(lastName, :last)' : '';
  return {
    Update: {
      TableName: table(),
      Key: userKey(user.id),
      UpdateExpression: `SET orgId = :org, updatedAt = :now${names}${options.detailsAdded ? ', hasAddedBasicDetails = :true' : ''}`,
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(orgId) OR orgId = :previous)',
      ExpressionAttributeValues: {
        ':org': orgId, ':now': now, ':previous': user.orgId ?? '',
        ...(options.names ? { ':first': options.names.firstName, ':last': options.names.lastName } : {}),
        ...(options.detailsAdded ? { ':true': true } : {}),
      },
    },
  };
}

/** The Update freeing a user from an organisation (to join or create another); fails if they are elsewhere now. */
export function leaveOrganizationItem(userId: string, orgId: string, now: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'REMOVE orgId SET updatedAt = :now',
      ConditionExpression: 'orgId = :org',
      ExpressionAttributeValues: { ':org': orgId, ':now': now },
    },
  };
}

/**
 * The Update of an invited user's first sign-in: the chosen password, which also verifies the email
 * (the invitation carried the names, so the sign-up's detail steps are not needed).
 */
export function acceptInvitationItem(userId: string, orgId: string, passwordHash: string, now: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: userKey(userId),
      UpdateExpression: 'SET passwordHash = :hash, isEmailVerified = :true, hasAddedBasicDetails = :true, orgId = :org, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(orgId) OR orgId = :org)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':true': true, ':org': orgId, ':now': now },
    },
  };
}

/** The Update of a user's own profile fields (fails when the user is gone). */
export function updateProfileItem(userId: string, fields: Partial<Omit<User, 'id' | 'email' | 'createdAt'>>): TransactItem {
  return { Update: { TableName: table(), Key: userKey(userId), ConditionExpression: 'attribute_exists(pk)', ...setClause(fields) } };
}

// Update some fields of a user.
export async function updateUser(id: string, fields: Partial<Omit<User, 'id' | 'email' | 'createdAt'>>): Promise<User> {
  const out = await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: userKey(id),
      ConditionExpression: 'attribute_exists(pk)',
      ...setClause({ ...fields, updatedAt: new Date().toISOString() }),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip<User>(out.Attributes)!;
}

// Replace a password hash by the same password's hash in today's scheme, unless it changed meanwhile
// (a reset or a change between the sign-in's read and this write wins). False when it had changed.
export async function upgradePasswordHash(userId: string, previous: string, next: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: userKey(userId),
        ConditionExpression: 'passwordHash = :previous',
        UpdateExpression: 'SET passwordHash = :next',
        ExpressionAttributeValues: { ':previous': previous, ':next': next },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Items that remove a user and its email; callers add their own (membership, audit) to one transaction. */
export function deleteUserItems(user: Pick<User, 'id' | 'email'>): TransactItem[] {
  return [
    { Delete: { TableName: table(), Key: userKey(user.id) } },
    { Delete: { TableName: table(), Key: emailKey(user.email) } },
    { Delete: { TableName: table(), Key: otpKey(user.id, 'verify-email') } },
    { Delete: { TableName: table(), Key: otpKey(user.id, 'reset-password') } },
    { Delete: { TableName: table(), Key: otpKey(user.id, 'account-notice') } },
    { Delete: { TableName: table(), Key: { pk: `USER#${user.id}`, sk: 'TWOFACTOR' } } },
  ];
}

// Get the one-time code of a user for a purpose.
export async function getOtp(userId: string, purpose: OtpPurpose): Promise<OtpRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: otpKey(userId, purpose), ConsistentRead: true }));
  return strip<OtpRecord>(out.Item);
}

// Store a fresh code. `expectedLastSentAt` makes two racing sends collide instead of both sending.
export async function putOtp(userId: string, purpose: OtpPurpose, record: OtpRecord, expectedLastSentAt?: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: table(),
      Item: { ...otpKey(userId, purpose), ...record, expiresAtEpoch: Math.floor(Date.parse(record.expiresAt) / 1000) + 86400 },
      ConditionExpression: expectedLastSentAt ? 'lastSentAt = :last' : 'attribute_not_exists(pk)',
      ExpressionAttributeValues: expectedLastSentAt ? { ':last': expectedLastSentAt } : undefined,
    }),
  );
}

// Undo a send whose mail did not go out: the unsent code stops working, a new one may be asked for at
// once, and the send does not count toward the hourly cap (an SES outage must not use it up; the
// route's limit per address still bounds retries). Only the reservation made at `sentAt`.
export async function releaseOtpSend(userId: string, purpose: OtpPurpose, sentAt: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: otpKey(userId, purpose),
      UpdateExpression: 'SET lastSentAt = :never, codeHash = :none, sends = sends - :one',
      ConditionExpression: 'lastSentAt = :sentAt',
      ExpressionAttributeValues: { ':never': new Date(0).toISOString(), ':none': '', ':sentAt': sentAt, ':one': 1 },
    }),
  ).catch((error) => {
    if (!isConditionFailure(error)) throw error;
  });
}

// Count a try BEFORE the code is compared: the condition lets at most `maxAttempts` tries through,
// however many requests race (a try that is not counted is never compared). The tries made so far
// (this one included) are in the returned record, which is the code this try is compared with;
// undefined when the code is locked or gone.
export async function countOtpAttempt(userId: string, purpose: OtpPurpose, maxAttempts: number): Promise<OtpRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: otpKey(userId, purpose),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return strip<OtpRecord>(out.Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

// Use a code: deleted only if no other request used it first.
export async function consumeOtp(userId: string, purpose: OtpPurpose, codeHash: string): Promise<void> {
  await ddb.send(
    new DeleteCommand({
      TableName: table(),
      Key: otpKey(userId, purpose),
      ConditionExpression: 'codeHash = :h',
      ExpressionAttributeValues: { ':h': codeHash },
    }),
  );
}

/** What the API shows of a user: never the password hash. */
export function toUserDetails(user: User): UserDetails {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    username: user.username,
    phoneNumber: user.phoneNumber,
    gender: user.gender,
    city: user.city,
    country: user.country,
    isEmailVerified: user.isEmailVerified,
    profilePictureUrl: user.profilePictureKey,
    organizationId: user.orgId,
  };
}
