// The import rules of eslint.config.js for web/src (web/README.md, "Where code goes"): a feature imports
// no other feature, shared code (lib, components) imports no feature, a public page imports no console
// code, and every file still refuses react-bootstrap's Modal. Each rule is run on sample imports as
// configured for a real file, so a rule that stopped matching (a renamed folder, a depth the patterns
// miss, a later block replacing an earlier one's list) fails here, not silently in `npx eslint .`.
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
      linter.verify(`import { x } from '${specifier}';\nexport const y = x;\n`, [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, rules: rule ? { 'no-restricted-imports': rule } : {} }], { filename: join(ROOT, file) }).length > 0,
  );
}

// The first call loads the ESLint config (typescript-eslint included): seconds on a loaded machine.
describe('web features', { timeout: 30_000 }, () => {
  it('a feature imports no other feature, at any depth, relative or by a path naming features/', async () => {
    const across = ['../../organization/api/organization', '../../practitioners/api/practitioners', '../../../features/members/lib', '@/features/members/lib'];
    const allowed = ['../../../lib/clinic-currency', '../../../components/day-hours', '../api/packages', './package-form', '../../bookings/lib', '@/features/bookings/lib', '#shared/currency', 'react'];
    expect(await refused('web/src/features/bookings/components/package-form.tsx', [...across, ...allowed])).toEqual(across);
    // One folder shallower and one deeper: the same rule, counted from where the file is.
    expect(await refused('web/src/features/dashboard/insights.test.tsx', ['../reports/api/get-report', './components/insights', '../../lib/registry'])).toEqual(['../reports/api/get-report']);
    expect(await refused('web/src/features/calendar/components/sub/deep.tsx', ['../../../../public-pages/booking/api', '../../../setup/api/setup', '../../../../lib/swr', '../../api/calendar'])).toEqual([
      '../../../../public-pages/booking/api',
      '../../../setup/api/setup',
    ]);
  });

  it('a feature imports neither the console shell nor the public pages', async () => {
    expect(await refused('web/src/features/setup/routes/setup-wizard.tsx', ['../../../app/menu', '../../../public-pages/booking/booking-page', '../../../config/paths'])).toEqual([
      '../../../app/menu',
      '../../../public-pages/booking/booking-page',
    ]);
  });

  it('shared code imports no feature', async () => {
    expect(await refused('web/src/lib/members.ts', ['../features/members/api/members', '../app/routes', './paged', '#shared/api-contract'])).toEqual(['../features/members/api/members', '../app/routes']);
    expect(await refused('web/src/components/day-hours.tsx', ['../features/bookings/components/badges', './field'])).toEqual(['../features/bookings/components/badges']);
  });

  it('a public page imports no console code; its tests may use the router', async () => {
    const console = ['../../features/appointments/api/services', '../../app/guards', 'react-router-dom', '../../lib/roles', 'react-bootstrap/Dropdown'];
    const allowed = ['../../lib/api', '../../components/booking-form', '../shared/month-view', '../../i18n/i18n', '#shared/public-pages'];
    expect(await refused('web/src/public-pages/booking/booking-page.tsx', [...console, ...allowed])).toEqual(console);
    expect(await refused('web/src/public-pages/booking/booking-page.test.tsx', ['../../features/bookings/lib', 'react-router-dom'])).toEqual(['../../features/bookings/lib']);
  });

  it('every web file still refuses react-bootstrap/Modal, but components/modal.tsx, which wraps it', async () => {
    for (const file of ['web/src/features/forms/routes/form-builder.tsx', 'web/src/lib/forms.ts', 'web/src/components/delete-dialog.tsx', 'web/src/public-pages/form/form-page.tsx', 'web/src/app/router.tsx']) {
      expect(await refused(file, ['react-bootstrap/Modal', '../components/modal'])).toEqual(['react-bootstrap/Modal']);
    }
    expect(await refused('web/src/components/modal.tsx', ['react-bootstrap/Modal'])).toEqual([]);
  });
});
