// A user's two-factor sign-in (TOTP). Access pattern:
//   two-factor record    pk USER#<id>   sk TWOFACTOR
// The secrets are stored encrypted (functions/lib/encryption.ts), recovery codes as SHA-256 hashes in
// a string set. Each use is one conditional write: a TOTP time step is accepted only above the last
// one used (so a code works once, even for racing requests), a recovery code only while still in the set.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { isConditionFailure, strip, type TransactItem } from './core';

export interface TwoFactorRecord {
  userId: string;
  /** The active secret (encrypted); absent while two-factor is off. */
  secret?: string;
  /** A secret being set up, not yet confirmed with a code (encrypted). */
  pendingSecret?: string;
  pendingCreatedAt?: string;
  enabledAt?: string;
  /** The last TOTP time step used: a code of this step or an earlier one is refused. */
  lastUsedStep?: number;
  /** Hashes of the recovery codes not used yet. */
  recoveryCodes?: Set<string>;
}

export const twoFactorKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'TWOFACTOR' });

// Get a user's two-factor record (strongly consistent: a code just used must read as used).
export async function getTwoFactor(userId: string): Promise<TwoFactorRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: twoFactorKey(userId), ConsistentRead: true }));
  return strip<TwoFactorRecord>(out.Item);
}

// Keep a new secret being set up (replacing an earlier unconfirmed one; the active one stays).
export async function savePendingSecret(userId: string, sealed: string, now: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET userId = :user, pendingSecret = :sealed, pendingCreatedAt = :now',
      ExpressionAttributeValues: { ':user': userId, ':sealed': sealed, ':now': now },
    }),
  );
}

/**
 * The Update turning two-factor on with the confirmed pending secret, the step of the code that
 * confirmed it and the recovery codes' hashes. Fails when the pending secret changed or two-factor is
 * on already.
 */
export function enableTwoFactorItem(userId: string, pendingSealed: string, step: number, recoveryHashes: string[], now: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET secret = :sealed, lastUsedStep = :step, recoveryCodes = :codes, enabledAt = :now REMOVE pendingSecret, pendingCreatedAt',
      ConditionExpression: 'pendingSecret = :sealed AND attribute_not_exists(secret)',
      ExpressionAttributeValues: { ':sealed': pendingSealed, ':step': step, ':codes': new Set(recoveryHashes), ':now': now },
    },
  };
}

/** The Update replacing the recovery codes (the old ones stop working), only while `sealed` is still the active secret. */
export function replaceRecoveryCodesItem(userId: string, sealed: string, recoveryHashes: string[]): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: twoFactorKey(userId),
      UpdateExpression: 'SET recoveryCodes = :codes',
      ConditionExpression: 'secret = :sealed',
      ExpressionAttributeValues: { ':sealed': sealed, ':codes': new Set(recoveryHashes) },
    },
  };
}

/** The Delete turning two-factor off, only while `sealed` is still the active secret. */
export function disableTwoFactorItem(userId: string, sealed: string): TransactItem {
  return { Delete: { TableName: table(), Key: twoFactorKey(userId), ConditionExpression: 'secret = :sealed', ExpressionAttributeValues: { ':sealed': sealed } } };
}

/** Runs a conditional update; false when its condition failed. */
async function conditional(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
  try {
    await ddb.send(new UpdateCommand(input));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// Use a TOTP time step: false when this step (or a later one) was used already, or the secret changed.
export function useTotpStep(userId: string, sealed: string, step: number): Promise<boolean> {
  return conditional({
    TableName: table(),
    Key: twoFactorKey(userId),
    UpdateExpression: 'SET lastUsedStep = :step',
    ConditionExpression: 'secret = :sealed AND (attribute_not_exists(lastUsedStep) OR lastUsedStep < :step)',
    ExpressionAttributeValues: { ':sealed': sealed, ':step': step },
  });
}

// Use a recovery code (remove its hash): false when it is not (or no longer) one of the user's codes.
export function useRecoveryCode(userId: string, sealed: string, hash: string): Promise<boolean> {
  return conditional({
    TableName: table(),
    Key: twoFactorKey(userId),
    UpdateExpression: 'DELETE recoveryCodes :set',
    ConditionExpression: 'secret = :sealed AND contains(recoveryCodes, :hash)',
    ExpressionAttributeValues: { ':sealed': sealed, ':set': new Set([hash]), ':hash': hash },
  });
}
