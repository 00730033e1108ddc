// The route table's `uses.table`, enforced on the local stack as IAM enforces it in AWS: a handler
// serving a `table: 'read'` row that writes fails here, in the integration tests, instead of in
// production with AccessDenied. Each request runs inside its row's scope; a middleware on the one
// DynamoDB client (functions/data/dynamo.ts) refuses write commands in a read scope.
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routeKey, type Route } from '../../functions/routes';

const scope = new AsyncLocalStorage<Route>();

/** Commands that need more than the read actions (document client and plain client names). */
export const WRITE_COMMAND = /^(Put|Update|Delete|BatchWrite|TransactWrite)(Item|Items)?Command$/;

let installed = false;

/**
 * Adds the check to the DynamoDB client once per process. The client module is imported by its file
 * URL, as the stack imports the handlers, so this is the very client they use (and it is created only
 * now, once the stack has set the environment it reads).
 */
export async function enforceDeclaredTableAccess(functionsDir: string): Promise<void> {
  if (installed) return;
  installed = true;
  const { ddb } = (await import(pathToFileURL(join(functionsDir, 'data', 'dynamo.ts')).href)) as { ddb: DynamoDBDocumentClient };
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const route = scope.getStore();
      if (route?.uses.table === 'read' && WRITE_COMMAND.test(context.commandName ?? '')) {
        throw new Error(`${routeKey(route)} declares uses.table 'read' in functions/routes.ts, but its handler sent ${context.commandName}`);
      }
      return next(args);
    },
    { step: 'initialize', name: 'declaredTableAccess' },
  );
}

/** Runs a request of `route` with its declared access. */
export const withDeclaredAccess = <T>(route: Route, fn: () => Promise<T>): Promise<T> => scope.run(route, fn);
