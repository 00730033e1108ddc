// The dashboard's set-up card: a link to the set-up wizard (features/setup) until every step is done or
// skipped, then nothing. The wizard itself is tested in features/setup/setup.test.tsx.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETUP_STEPS, type SetupProgress, type SetupState } from '#shared/reports/schemas';
import { RegistryProvider } from '../../lib/registry';
import { saveToken } from '../../lib/session';
import { mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { useSetupProgress } from './api/get-insights';
import { SetupCard } from './components/insights';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const progress = (states: Partial<Record<(typeof SETUP_STEPS)[number], SetupState>>, completedAt: string | null = null): SetupProgress => ({
  steps: { organization: 'todo', service: 'todo', hours: 'todo', package: 'todo', form: 'todo', invite: 'todo', ...states },
  completedAt,
  updatedAt: '2026-11-25T08:00:00.000Z',
});
const ok = (data: unknown, message = 'OK') => ({ status: 200, body: { message, data } });

/** What the dashboard knows of the set-up, once the progress has arrived. */
function ProgressProbe() {
  const { data } = useSetupProgress(true);
  return data ? <p>Set-up completed {data.completedAt ?? 'not yet'}</p> : null;
}

describe('dashboard set-up card', { timeout: 20_000 }, () => {
  const renderCard = (answers: Parameters<typeof mockApi>[0]) => {
    saveToken('token');
    mockApi({ 'GET /api/users/profile': ok(me), ...answers });
    return renderRoutes(
      [
        {
          path: '/dashboard',
          element: (
            <RegistryProvider value={{ isRegistered: () => true }}>
              <WithRoles value={rolesState({ isOwner: true })}>
                <SetupCard />
                <ProgressProbe />
              </WithRoles>
            </RegistryProvider>
          ),
        },
      ],
      '/dashboard',
    );
  };

  it('links to the wizard until every step is done or skipped', async () => {
    renderCard({ 'GET /api/organization/setup': ok(progress({ organization: 'done', service: 'skipped' })) });
    const link = await screen.findByRole('link', { name: 'Continue set-up' });
    expect(link).toHaveAttribute('href', '/crafted/pages/wizards/setup');
    expect(screen.getByRole('progressbar', { name: 'Clinic set-up' })).toHaveAttribute('aria-valuenow', '2');
  });

  it('is gone once set-up is complete', async () => {
    renderCard({ 'GET /api/organization/setup': ok(progress({}, '2026-11-25T08:00:00.000Z')) });
    // The card reads the same cached progress as this probe: once the probe has it, so has the card.
    expect(await screen.findByText('Set-up completed 2026-11-25T08:00:00.000Z')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set up your clinic' })).toBeNull();
  });
});
