// Starts one embedded stack (DynamoDB Local in memory, s3rver in a temp folder, the SES stand-in)
// for the whole integration run; tests reach it over HTTP, as a client would.
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack';
import { buildOpenApiDocument } from '../../scripts/openapi/document';

export default async function setup(project: TestProject) {
  // The API document generated from the route table (as npm run build:openapi does), not a built file.
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, apiDocument: buildOpenApiDocument });
  project.provide('apiUrl', `${stack.url}/api`);
  project.provide('appUrl', stack.url);
  project.provide('inboxUrl', stack.inboxUrl);
  project.provide('stackEnv', stack.env);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    appUrl: string;
    inboxUrl: string;
    stackEnv: Record<string, string>;
  }
}
