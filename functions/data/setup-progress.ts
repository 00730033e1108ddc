// The set-up wizard's progress, kept per organisation so it resumes on any device. Access pattern:
//   an organisation's set-up progress   pk ORG#<orgId>   sk SETUP   (one attribute per step)
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SETUP_STEPS, nextSetupStep, type SetupProgress, type SetupState, type SetupStep } from '#shared/reports/schemas';
import { ddb, table } from './dynamo';
import type { Item } from './core';

const setupKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'SETUP' });
const stepAttribute = (step: SetupStep) => `step_${step}`;

function toProgress(item: Item | undefined): SetupProgress {
  const steps = Object.fromEntries(SETUP_STEPS.map((s) => [s, (item?.[stepAttribute(s)] as SetupState | undefined) ?? 'todo'])) as Record<SetupStep, SetupState>;
  return { steps, completedAt: (item?.completedAt as string | undefined) ?? null, updatedAt: (item?.updatedAt as string | undefined) ?? null };
}

// Get an organisation's set-up progress (every step 'todo' before the first save).
export async function getSetupProgress(orgId: string): Promise<SetupProgress> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: setupKey(orgId), ConsistentRead: true }));
  return toProgress(out.Item);
}

// Record one step's state; the first time every step is done or skipped is kept as completedAt.
export async function saveSetupStep(orgId: string, step: SetupStep, state: SetupState): Promise<SetupProgress> {
  const now = new Date().toISOString();
  const out = await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: setupKey(orgId),
      UpdateExpression: 'SET #step = :state, updatedAt = :now',
      ExpressionAttributeNames: { '#step': stepAttribute(step) },
      ExpressionAttributeValues: { ':state': state, ':now': now },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const progress = toProgress(out.Attributes);
  if (progress.completedAt || nextSetupStep(progress)) return progress;
  // Two last steps saved at once both get here: the condition keeps the first instant.
  await ddb
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: setupKey(orgId),
        UpdateExpression: 'SET completedAt = :now',
        ConditionExpression: 'attribute_not_exists(completedAt)',
        ExpressionAttributeValues: { ':now': now },
      }),
    )
    .catch((error: { name?: string }) => {
      if (error?.name !== 'ConditionalCheckFailedException') throw error;
    });
  return getSetupProgress(orgId);
}
