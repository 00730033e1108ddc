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

describe('layers of functions/', () => {
  it('functions/lib imports nothing above it', async () => {
    const upward = ['#http/http', '../http/authorise', '../data/table', '../routes', '../domain/bookings/views'];
    const allowed = ['#lib/log', './errors', '#shared/permissions', '../../shared/api', '@aws-sdk/client-sns'];
    expect(await refused('functions/lib/sms.ts', [...upward, ...allowed])).toEqual(upward);
  });

  it('functions/data imports neither the HTTP chain, the route table nor handlers', async () => {
    const upward = ['#http/http', '../http/authorise', '../routes', '../domain/payments/contract'];
    const allowed = ['./core', '#lib/log', '../lib/log', '#shared/permissions', '../../shared/api'];
    expect(await refused('functions/data/bookings.ts', [...upward, ...allowed])).toEqual(upward);
  });

  it('the HTTP chain imports no handler', async () => {
    const upward = ['../domain/bookings/views', '../account/login'];
    const allowed = ['./authorise', '../data/sessions', '../routes', '#lib/errors', '../lib/errors', '#shared/challenge'];
    expect(await refused('functions/http/http.ts', [...upward, ...allowed])).toEqual(upward);
    expect(await refused('functions/routes.ts', ['./bookings/create-booking', './data/rate-limits', '#shared/permissions'])).toEqual(['./bookings/create-booking']);
  });

  it('handlers may import every layer below them, and tests may cross layers', async () => {
    expect(await refused('functions/bookings/create-booking.ts', ['#http/http', '../data/bookings', '#lib/log', './lib/views', '../routes'])).toEqual([]);
    expect(await refused('functions/lib/log.test.ts', ['#http/http'])).toEqual([]);
  });
});

describe('infra', () => {
  it('never imports scripts', async () => {
    expect(await refused('infra/local/api-docs.ts', ['../../scripts/openapi/document', '../api-docs/docs-page', '../../functions/routes'])).toEqual(['../../scripts/openapi/document']);
    expect(await refused('infra/stack.ts', ['../scripts/iam-report', './constructs/api'])).toEqual(['../scripts/iam-report']);
  });
});
