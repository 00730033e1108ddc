import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify';
import { saveToken } from '../../../lib/session';
import { mockApi, renderAt, rolesState, WithRoles } from '../../../testing/render';
import { OrganizationPage } from '../routes/organization';

const org = {
  id: 'o1', name: 'Riverside Clinic', email: 'hello@riverside.example.com', legalName: 'Riverside Clinic LLC', websiteUrl: 'https://riverside.example.com',
  phoneNumber: '+15551234567', address: '', timeZone: 'America/New_York', ownerId: 'u1', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
  reminderHours: 24, reminderSms: false, cancellationCutoffHours: 24, cancellationRefund: 'full', smsCountryCodes: ['+1'], logoKey: null as string | null, brandColor: '#1b6b4a',
};

function setup(isOwner: boolean, profile = org) {
  saveToken('token');
  let current = profile;
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } },
    'GET /api/organization/profile': () => ({ status: 200, body: { message: 'OK', data: current } }),
    'PATCH /api/organization/profile': (body) => {
      current = { ...current, ...(body as object), updatedAt: '2025-02-01T00:00:00Z' };
      return { status: 200, body: { message: 'The mail branding is saved.', data: current } };
    },
    'POST /api/organization/logo': () => {
      current = { ...current, logoKey: 'org/o1/branding/new.png', updatedAt: '2025-02-02T00:00:00Z' };
      return { status: 200, body: { message: 'The logo is saved.', data: current } };
    },
    'DELETE /api/organization/logo': () => {
      current = { ...current, logoKey: null, updatedAt: '2025-02-03T00:00:00Z' };
      return { status: 200, body: { message: 'The logo is removed.', data: current } };
    },
    'GET /api/organization/integration': { status: 200, body: { message: 'OK', data: { apiKey: 'pk_OLDKEY0123456789abcdef', rotatedAt: null } } },
    'GET /api/organization/webhooks': { status: 200, body: { message: 'OK', data: { items: [] } } },
  });
  const view = renderAt(
    <WithRoles value={rolesState({ isOwner })}>
      <OrganizationPage />
    </WithRoles>,
    '/organization',
  );
  return { ...view, calls };
}

const card = async () => within(await screen.findByRole('form', { name: 'Mail branding' }));
const header = () => screen.getByTestId('mail-header-preview');

describe('Mail branding card', { timeout: 20_000 }, () => {
  it('previews the header in the colour being typed, with the text colour that reads on it, and saves a valid colour', async () => {
    const { user, calls } = setup(true);
    const success = vi.spyOn(notify, 'success');
    const c = await card();
    expect(c.getByRole('img', { name: 'Preview of the mail header: Riverside Clinic' })).toBeInTheDocument();
    expect(header()).toHaveStyle({ background: '#1b6b4a', color: '#ffffff' });
    expect(c.getByRole('button', { name: 'Save colour' })).toBeDisabled();

    const hex = c.getByLabelText('Brand colour');
    await user.clear(hex);
    await user.type(hex, 'red');
    expect(c.getByText('Brand colour must be a hex colour, e.g. #1b6b4a')).toBeInTheDocument();
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(c.getByRole('button', { name: 'Save colour' })).toBeDisabled();

    // A light yellow takes black text, and says how well it reads.
    await user.clear(hex);
    await user.type(hex, '#FFE066');
    expect(header()).toHaveStyle({ background: '#ffe066', color: '#000000' });
    expect(c.getByText(/^Black text on this colour: contrast 16\.\d:1/)).toBeInTheDocument();
    await user.click(c.getByRole('button', { name: 'Save colour' }));
    await waitFor(() => expect(calls.find((x) => x.method === 'PATCH')?.body).toEqual({ brandColor: '#ffe066' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The mail branding is saved.'));
  });

  it('uploads a PNG logo, shows it in the preview and removes it; refuses an SVG before sending it', async () => {
    const { user, calls } = setup(true);
    const c = await card();
    const input = c.getByLabelText('Logo');
    // As a person who picks "All files" in the dialog: the input's accept list does not filter.
    const anyFile = userEvent.setup({ delay: null, applyAccept: false });
    await anyFile.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await c.findByText('Choose a PNG or JPEG image (many mail programs do not show SVG).')).toBeInTheDocument();
    await anyFile.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await c.findByText('The logo must be 1 MB or smaller.')).toBeInTheDocument();
    expect(calls.some((x) => x.path === '/api/organization/logo')).toBe(false);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(input, png);
    await waitFor(() => expect(calls.find((x) => x.method === 'POST' && x.path === '/api/organization/logo')).toBeDefined());
    const sent = calls.find((x) => x.method === 'POST')!.body as FormData;
    expect((sent.get('file') as File).name).toBe('logo.png');
    const preview = await screen.findByRole('img', { name: 'Preview of the mail header: Riverside Clinic with its logo' });
    expect(preview.querySelector('img')).toHaveAttribute('src', '/assets/org/o1/branding/new.png');

    await user.click((await card()).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(calls.some((x) => x.method === 'DELETE' && x.path === '/api/organization/logo')).toBe(true));
    expect(await screen.findByRole('img', { name: 'Preview of the mail header: Riverside Clinic' })).toBeInTheDocument();
    expect((await card()).queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
  });

  it('shows members the branding without letting them change it', async () => {
    setup(false, { ...org, logoKey: 'org/o1/branding/old.png', brandColor: '#204a87' });
    const c = await card();
    expect(header()).toHaveStyle({ background: '#204a87', color: '#ffffff' });
    expect(c.getByLabelText('Logo')).toBeDisabled();
    expect(c.getByLabelText('Brand colour')).toBeDisabled();
    expect(c.getByRole('button', { name: 'Remove logo' })).toBeDisabled();
    expect(c.queryByRole('button', { name: 'Save colour' })).not.toBeInTheDocument();
  });
});
