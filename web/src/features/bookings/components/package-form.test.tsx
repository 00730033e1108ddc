// The booking package form offers https:// for a web address typed without it (issue 18, item 5).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../testing/render';
import { PackageForm } from './package-form';

describe('PackageForm redirection URL', () => {
  it('offers the https:// address for a bare domain, and saves a path of this site as is', async () => {
    const save = vi.fn(async (_body: unknown) => ({ responseCode: 201, success: true, data: { message: 'Saved', data: undefined }, message: 'Saved' }));
    const { user } = renderAt(<PackageForm title="New package" submitText="Save package" save={save as never} />, '/bookings/packages/add', [
      { path: '/bookings/packages', element: <h1>Packages page</h1> },
    ]);
    await user.type(screen.getByLabelText(/^Package name/), 'Visit');
    await user.type(screen.getByLabelText(/^Price/), '30');
    const url = screen.getByLabelText('Redirection URL');
    await user.type(url, 'clinic.example.com/thanks');
    await user.click(screen.getByRole('button', { name: 'Add https://' }));
    expect(url).toHaveValue('https://clinic.example.com/thanks');
    expect(screen.queryByRole('button', { name: 'Add https://' })).not.toBeInTheDocument();

    await user.clear(url);
    await user.type(url, '/thanks');
    await user.click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![0]).toMatchObject({ redirectionUrl: '/thanks' });
  });
});
