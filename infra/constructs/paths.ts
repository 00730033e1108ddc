// Where things are, for the stack, the infra tests and the bench (no CDK imports, so the bench stays light).
import { join } from 'node:path';

export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');
export const FUNCTIONS_DIR = join(PROJECT_ROOT, 'functions');

/** The source file of a handler module named in the route table (`account/login`). */
export const handlerEntry = (handler: string) => join(FUNCTIONS_DIR, `${handler}.ts`);

/** Everything under /api on the site is the HTTP API; route paths in the table are below it. */
export const API_PREFIX = '/api';
