// The bench sections' stack: DynamoDB Local (started here unless an endpoint is given), the table, and
// the environment the handlers read (as in Lambda). DynamoDB Local keeps one database per access key
// and region, so the handlers use the key the table was created with.
import { ensureTable, localClientConfig, startDynamoDbLocal, type RunningService } from '../../infra/local/services';

/** Runs `run` against table `tableName` on DynamoDB Local; stops the DynamoDB Local it started. `env`: more variables. */
export async function withLocalTable(options: { tableName: string; endpoint?: string; env?: Record<string, string> }, run: () => Promise<void>): Promise<void> {
  let dynamo: RunningService | undefined;
  const endpoint = options.endpoint ?? (dynamo = await startDynamoDbLocal({})).endpoint;
  try {
    await ensureTable(endpoint, options.tableName);
    const credentials = localClientConfig(endpoint).credentials;
    Object.assign(process.env, {
      TABLE_NAME: options.tableName,
      ...options.env,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
    await run();
  } finally {
    await dynamo?.stop();
  }
}
