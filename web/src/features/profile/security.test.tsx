// The Sign-in & security page against a stubbed API: setting two-factor up (secret shown, code and
// password, recovery codes once), new recovery codes, turning it off, ending a session, signing out everywhere, the owner's settings.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { saveToken } from '../../lib/session';
import { WithRoles, mockApi, renderAt, rolesState } from '../../testing/render';
import { SecurityPage } from './routes/security';

const user = { id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', isEmailVerified: true };
const session = (over: object = {}) => ({
  session: { id: 's1', device: 'Chrome on Windows', address: '203.0.113.9', createdAt: '2026-11-25T08:00:00Z', lastSeenAt: '2026-11-25T08:10:00Z', twoFactor: false, current: true },
  idleTimeoutMinutes: 30,
  twoFactorRequired: false,
  twoFactorEnabled: false,
  recoveryCodesLeft: 0,
  ...over,
});
const sessions = {
  items: [
    session().session,
    { id: 's2', device: 'Safari on iOS', address: '198.51.100.4', createdAt: '2026-11-24T08:00:00Z', lastSeenAt: '2026-11-24T09:00:00Z', twoFactor: false, current: false },
  ],
};
const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'jjjjj-kkkkk', 'mmmmm-nnnnn', 'ppppp-qqqqq', 'rrrrr-sssss', 'ttttt-uuuuu', 'vvvvv-wwwww'];

function render(isOwner = false) {
  saveToken('t');
  return renderAt(
    <WithRoles value={rolesState({ isOwner })}>
      <SecurityPage />
    </WithRoles>,
    '/crafted/account/security',
  );
}

afterEach(() => Cookies.remove('token'));

describe('Sign-in & security', { timeout: 20_000 }, () => {
  it('sets two-factor up: shows the key, turns it on with a code, and shows the recovery codes once', async () => {
    let enabled = false;
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/session': () => ({ status: 200, body: { message: 'OK', data: session({ twoFactorEnabled: enabled, recoveryCodesLeft: enabled ? 10 : 0 }) } }),
      'GET /api/users/sessions': { status: 200, body: { message: 'OK', data: sessions } },
      'POST /api/users/two-factor/setup': { status: 201, body: { message: 'Scan', data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Clinic%20Suite:olive%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Clinic%20Suite' } } },
      'POST /api/users/two-factor/enable': (body) => {
        const { code, currentPassword } = body as { code: string; currentPassword: string };
        if (currentPassword !== 'Secret-123') return { status: 400, body: { message: 'Your current password is incorrect.', errors: { currentPassword: 'Your current password is incorrect.' } } };
        if (code !== '123456') return { status: 400, body: { message: 'The code is incorrect. Please try again.' } };
        enabled = true;
        return { status: 200, body: { message: 'On', data: { recoveryCodes: CODES } } };
      },
    });
    const view = render();
    await view.user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByLabelText('Set-up key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    expect(turnOn).toBeDisabled();
    await view.user.type(screen.getByLabelText('Code from the app'), '111111');
    // The password is asked too: without it the button stays disabled.
    expect(turnOn).toBeDisabled();
    await view.user.type(screen.getByLabelText('Your password'), 'Wrong-pass-1');
    await view.user.click(turnOn);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is incorrect.');
    await view.user.clear(screen.getByLabelText('Your password'));
    await view.user.type(screen.getByLabelText('Your password'), 'Secret-123');
    await view.user.click(turnOn);
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect. Please try again.');
    await view.user.clear(screen.getByLabelText('Code from the app'));
    await view.user.type(screen.getByLabelText('Code from the app'), '123456');
    await view.user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    await view.user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText('10')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/users/two-factor/enable').map((c) => c.body)).toEqual([
      { code: '111111', currentPassword: 'Wrong-pass-1' },
      { code: '111111', currentPassword: 'Secret-123' },
      { code: '123456', currentPassword: 'Secret-123' },
    ]);
  });

  it('makes new recovery codes with the password and a code, and shows them once', async () => {
    let left = 3;
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/session': () => ({ status: 200, body: { message: 'OK', data: session({ twoFactorEnabled: true, recoveryCodesLeft: left }) } }),
      'GET /api/users/sessions': { status: 200, body: { message: 'OK', data: sessions } },
      'POST /api/users/two-factor/recovery-codes': (body) => {
        if ((body as { code: string }).code !== '654321') return { status: 400, body: { message: 'The code is incorrect. Please try again.', errors: { code: 'The code is incorrect. Please try again.' } } };
        left = 10;
        return { status: 200, body: { message: 'New codes', data: { recoveryCodes: CODES } } };
      },
    });
    const view = render();
    expect(await screen.findByText('3')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const make = screen.getByRole('button', { name: 'Make new codes' });
    expect(make).toBeDisabled();
    await view.user.type(screen.getByLabelText('Your password'), 'Secret-123');
    expect(make).toBeDisabled();
    await view.user.type(screen.getByLabelText('Code from the app, or a recovery code'), '111111');
    await view.user.click(make);
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect. Please try again.');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    await view.user.clear(screen.getByLabelText('Code from the app, or a recovery code'));
    await view.user.type(screen.getByLabelText('Code from the app, or a recovery code'), '654321');
    await view.user.click(screen.getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    await view.user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/users/two-factor/recovery-codes').map((c) => c.body)).toEqual([
      { code: '111111', currentPassword: 'Secret-123' },
      { code: '654321', currentPassword: 'Secret-123' },
    ]);
  });

  it('cancels making new recovery codes without a call', async () => {
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session({ twoFactorEnabled: true, recoveryCodesLeft: 4 }) } },
      'GET /api/users/sessions': { status: 200, body: { message: 'OK', data: sessions } },
    });
    const view = render();
    await view.user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await view.user.type(screen.getByLabelText('Your password'), 'Secret-123');
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/users/two-factor/recovery-codes')).toBe(false);
  });

  it('turns two-factor off with a code', async () => {
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session({ twoFactorEnabled: true, recoveryCodesLeft: 7 }) } },
      'GET /api/users/sessions': { status: 200, body: { message: 'OK', data: sessions } },
      'POST /api/users/two-factor/disable': { status: 200, body: { message: 'Off' } },
    });
    const view = render();
    const success = vi.spyOn(notify, 'success');
    const input = await screen.findByLabelText(/to turn it off/);
    expect(screen.getByText('7')).toBeInTheDocument();
    await view.user.type(input, 'aaaaa-bbbbb');
    await view.user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/users/two-factor/disable')).toBe(true));
    expect(calls.find((c) => c.path === '/api/users/two-factor/disable')?.body).toEqual({ code: 'aaaaa-bbbbb' });
    // The change ends (and reloads the session) after the answer: the test ends with it, not before.
    await waitFor(() => expect(success).toHaveBeenCalledWith('Two-step sign-in is off.'));
  });

  it('lists the sessions, ends another one, and signs out everywhere', async () => {
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session() } },
      'GET /api/users/sessions': { status: 200, body: { message: 'OK', data: sessions } },
      'DELETE /api/users/sessions/s2': { status: 200, body: { message: 'The session has ended.' } },
      'POST /api/users/sessions/end-all': { status: 200, body: { message: 'Signed out everywhere' } },
    });
    const view = render();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(within(list).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await view.user.click(screen.getByRole('button', { name: 'End the session on Safari on iOS from 198.51.100.4' }));
    await view.user.click(await screen.findByRole('button', { name: 'End session' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/sessions/s2')).toBe(true));

    await view.user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
    expect(Cookies.get('token')).toBeUndefined();
  });

  it("shows the owner the organisation's settings and saves them", async () => {
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session({ twoFactorEnabled: true }) } },
      'GET /api/users/sessions': { status: 200, body: { message: 'OK', data: sessions } },
      'GET /api/organization/security': { status: 200, body: { message: 'OK', data: { idleTimeoutMinutes: 30, requireTwoFactor: false } } },
      'PUT /api/organization/security': (body) => ({ status: 200, body: { message: 'Security settings saved.', data: body } }),
    });
    const view = render(true);
    const success = vi.spyOn(notify, 'success');
    const minutes = await screen.findByLabelText('Sign out after this many minutes without activity');
    await view.user.clear(minutes);
    await view.user.type(minutes, '2');
    await view.user.tab();
    expect(await screen.findByText('At least 5 minutes')).toBeInTheDocument();
    await view.user.clear(minutes);
    await view.user.type(minutes, '15');
    await view.user.click(screen.getByLabelText('Require two-step sign-in for every member'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled());
    await view.user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ idleTimeoutMinutes: 15, requireTwoFactor: true });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Security settings saved.'));
  });

  it('is not shown to members who are not the owner', async () => {
    mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session({ twoFactorRequired: true }) } },
      'GET /api/users/sessions': { status: 200, body: { message: 'OK', data: sessions } },
    });
    render(false);
    expect(await screen.findByText('Your organisation requires two-step sign-in. Please set it up to continue.')).toBeInTheDocument();
    expect(screen.queryByText('Organisation sign-in settings')).not.toBeInTheDocument();
  });
});
