// The form builder's redirect URL is checked as it is typed (issue 18, item 5).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt, rolesState, WithRoles } from '../../../testing/render';
import { FormBuilderPage } from './form-builder';

function open() {
  const calls = mockApi({
    'GET /api/packages': { status: 200, body: { message: 'OK', data: { items: [], nextCursor: null } } },
    'POST /api/form-builder/form': { status: 201, body: { message: 'Form saved.', data: { id: 'f1' } } },
  });
  const view = renderAt(
    <WithRoles value={rolesState({ isOwner: true })}>
      <FormBuilderPage />
    </WithRoles>,
    '/form-builder/create',
    [{ path: '/form-builder/:id', element: <h1>Saved form page</h1> }],
  );
  return { ...view, calls };
}

describe('FormBuilderPage redirect URL', () => {
  it('catches a web address typed without https://, offers the fix, and saves only a good address', async () => {
    const { user, calls } = open();
    await user.type(await screen.findByLabelText(/^Form name/), 'Intake');
    const redirect = screen.getByLabelText('Redirect URL');
    await user.type(redirect, 'clinic.example.com/thanks');
    await user.tab();
    expect(await screen.findByText('This looks like a web address without https:// in front. Add it, or start a page of this site with /.')).toBeInTheDocument();
    expect(redirect).toHaveAttribute('class', expect.stringContaining('is-invalid'));
    expect(screen.getByText('https://clinic.example.com/thanks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add https://' }));
    expect(redirect).toHaveValue('https://clinic.example.com/thanks');
    expect(screen.queryByText(/without https:\/\/ in front/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ redirectUrl: 'https://clinic.example.com/thanks' });
    expect(await screen.findByText('Saved form page')).toBeInTheDocument();
  });

  it('takes a path of this site as it is', async () => {
    const { user, calls } = open();
    await user.type(await screen.findByLabelText(/^Form name/), 'Intake');
    await user.type(screen.getByLabelText('Redirect URL'), '/thanks');
    await user.click(screen.getByRole('button', { name: 'Save form' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ redirectUrl: '/thanks' });
    expect(await screen.findByText('Saved form page')).toBeInTheDocument();
  });
});
