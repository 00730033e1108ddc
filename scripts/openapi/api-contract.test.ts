// shared/api-contract.ts is what the web's types come from, so it must say what the handlers do. The
// route table is keyed by its operations (functions/routes.ts: a missing or extra key does not compile),
// so what is left to check is what types cannot: each entry's schemas are the very objects its handler
// declares (endpoint({ body, query, reply }) keeps them on `handler.contract`).
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CONTRACT, type Operation } from '#shared/api-contract';
import { ROUTES, routeKey } from '../../functions/routes';
import type { Contract } from '../../functions/http/http';
import { loadHandler } from './document';

const contracts = new Map<string, Contract>();

beforeAll(async () => {
  for (const route of ROUTES) contracts.set(routeKey(route), (await loadHandler(route)).contract);
}, 180_000);

/** What differs between a contract entry and the handler's own declaration ('' when nothing). */
function differences(key: string, entry: Record<string, unknown>, declared: Contract): string[] {
  return (['body', 'query', 'reply'] as const).flatMap((part) => {
    const ours = entry[part] as Contract[typeof part] | undefined;
    const theirs = declared[part];
    const same = ours && theirs && 'rawMediaType' in ours && 'rawMediaType' in theirs ? ours.rawMediaType === theirs.rawMediaType : ours === theirs;
    return same ? [] : [`${key}: its ${part} is not the schema the handler declares (${theirs ? 'use the export the handler imports' : 'the handler declares none'})`];
  });
}

describe('the API contract (shared/api-contract.ts)', () => {
  it("holds each handler's own body, query and reply schemas", () => {
    const problems = [...contracts].flatMap(([key, declared]) => differences(key, API_CONTRACT[key as Operation] ?? {}, declared));
    expect(problems).toEqual([]);
  });

  it('would notice a schema that is not the handler’s (the check can fail)', () => {
    const login = contracts.get('POST /users/login')!;
    const other = API_CONTRACT['POST /bookings/create-booking'];
    expect(differences('POST /users/login', API_CONTRACT['POST /users/login'], login)).toEqual([]);
    expect(differences('POST /users/login', other, login)).toEqual([
      'POST /users/login: its body is not the schema the handler declares (use the export the handler imports)',
      'POST /users/login: its reply is not the schema the handler declares (use the export the handler imports)',
    ]);
  });
});
