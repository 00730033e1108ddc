// The import rules of eslint.config.js, as configured for each folder: a layer of functions/ may not
// import one above it (docs/conventions.md, "Layers"), and infra may not import scripts. Each rule is
// run on sample imports, so a rule that stopped matching (a renamed folder, a typo in a pattern)
// fails here, not silently in `npx eslint .`.
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** Which of `specifiers` the configured no-restricted-imports refuses in a file at `file`. */
async function refused(file: string, specifiers: string[]): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as Linter.Config;
  const rule = config.rules?.['no-restricted-imports'];
  const linter = new Linter({ configType: 'flat' });
  return specifiers.filter(
    (specifier) =>
      linter.verify(`import { x } from '${specifier}';\nexport const y = x;\n`, [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: rule ? { 'no-restricted-imports': rule } : {} }], { filename: join(ROOT, file) }).length > 0,
  );
}

// The first call loads the config (typescript-eslint's project service): seconds on a busy machine.
describe('layers of functions/', { timeout: 60_000 }, () => {
  it('functions/lib imports nothing above it', async () => {
    const upward = ['#http/http', '../http/authorise', '../data/table', '../routes', '../domain/bookings/views', '#domain/bookings/views'];
    const allowed = ['#lib/log', './errors', '#shared/permissions', '../../shared/api', '@aws-sdk/client-sns'];
    expect(await refused('functions/lib/sms.ts', [...upward, ...allowed])).toEqual(upward);
  });

  it('functions/data imports neither the HTTP chain, the route table nor handlers', async () => {
    const upward = ['#http/http', '../http/authorise', '../routes', '../domain/payments/contract', '#domain/payments/contract', '../payments/lib/process-event'];
    const allowed = ['./core', '#lib/log', '../lib/log', '#shared/permissions', '../../shared/api'];
    expect(await refused('functions/data/bookings.ts', [...upward, ...allowed])).toEqual(upward);
  });

  it('the HTTP chain imports no handler', async () => {
    const upward = ['#domain/bookings/views', '../domain/bookings/views', '../account/login'];
    const allowed = ['./authorise', '../data/sessions', '../routes', '#lib/errors', '../lib/errors', '#shared/challenge'];
    expect(await refused('functions/http/http.ts', [...upward, ...allowed])).toEqual(upward);
    expect(await refused('functions/routes.ts', ['./bookings/create-booking', '#domain/bookings/places', './data/rate-limits', '#shared/permissions'])).toEqual(['./bookings/create-booking', '#domain/bookings/places']);
  });

  it('functions/domain imports lib, data, shared and the domain: never the HTTP chain, the route table or a handler area', async () => {
    const upward = ['#http/http', '../../http/authorise', '../../routes', '../../bookings/lib/hold-limits', '../../manage/lib/load', '../../outbox/sweeps'];
    const allowed = ['./views', '../availability/diary', '#domain/payments/contract', '../../domain/forms/views', '../../data/bookings', '#lib/errors', '../../lib/errors', '#shared/api', '../../../shared/api'];
    expect(await refused('functions/domain/bookings/places.ts', [...upward, ...allowed])).toEqual(upward);
  });

  it('a handler area imports no other handler area, only the layers below it', async () => {
    const otherArea = ['../availability/list-free-times', '../manage/lib/load', '../payments/lib/process-event', '../outbox/sweeps', '../../functions/forms/get-form'];
    const allowed = ['#domain/bookings/places', '../domain/bookings/places', './lib/hold-limits', '../data/bookings', '#http/http', '../http/authorise', '../routes', '#lib/log', '../lib/log', '#shared/api', '../../shared/api'];
    expect(await refused('functions/bookings/create-booking.ts', [...otherArea, ...allowed])).toEqual(otherArea);
    // The scheduled workers are areas too.
    expect(await refused('functions/outbox/sweeps.ts', ['../bookings/lib/hold-limits', '../reminders/lib/sweep', '#domain/reminders/sweep', '#domain/bookings/hold-sweep'])).toEqual(['../bookings/lib/hold-limits', '../reminders/lib/sweep']);
  });

  it("an area's helpers (functions/<area>/lib/) import their own area and the layers below, no other area", async () => {
    const otherArea = ['../../bookings/lib/hold-limits', '../../availability/list-days', '../../appointments/lib/book'];
    const allowed = ['./practitioners', '../list-days', '#domain/bookings/mail', '../../domain/bookings/mail', '../../data/bookings', '#lib/errors', '../../lib/errors', '#http/http', '#shared/api', '../../../shared/api'];
    expect(await refused('functions/manage/lib/load.ts', [...otherArea, ...allowed])).toEqual(otherArea);
  });

  it('tests may cross layers and areas', async () => {
    expect(await refused('functions/lib/log.test.ts', ['#http/http'])).toEqual([]);
    expect(await refused('functions/bookings/lib/hold-limits.test.ts', ['../../availability/list-days', '#http/http'])).toEqual([]);
  });
});

describe('infra', () => {
  it('never imports scripts', async () => {
    expect(await refused('infra/local/api-docs.ts', ['../../scripts/openapi/document', '../api-docs/docs-page', '../../functions/routes'])).toEqual(['../../scripts/openapi/document']);
    expect(await refused('infra/stack.ts', ['../scripts/iam-report', './constructs/api'])).toEqual(['../scripts/iam-report']);
  });
});
