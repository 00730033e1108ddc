// The shell's session rules: the idle warning a minute before the organisation's limit, 'Stay signed
// in', the sign-out at the limit; and members without required two-factor sent to set it up.
import { act, fireEvent, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../lib/session';
import { mockApi, renderAt, renderRoutes } from '../testing/render';
import { IdleLogoff, SessionWatch } from './session-watch';

const info = (over: object = {}) => ({ status: 200, body: { message: 'OK', data: { session: { id: 's1' }, idleTimeoutMinutes: 30, twoFactorRequired: false, twoFactorEnabled: false, recoveryCodesLeft: 0, ...over } } });

afterEach(() => {
  vi.useRealTimers();
  Cookies.remove('token');
  localStorage.clear();
});

describe('automatic logoff', () => {
  it('warns a minute before the limit, stays signed in on request, and signs out at the limit', async () => {
    vi.useFakeTimers();
    saveToken('t');
    const calls = mockApi({ 'GET /api/users/session': info(), 'POST /api/users/logout': { status: 200, body: { message: 'Signed out' } } });
    renderAt(<IdleLogoff minutes={2} />, '/dashboard-test');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.queryByText('Are you still there?')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByText('Are you still there?')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^\d+ seconds$/);
    // Moving the mouse while warned does not count: the member must answer.
    fireEvent.pointerMove(window);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText('Are you still there?')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/users/session')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(121_000));
    expect(screen.getByText('Auth page')).toBeInTheDocument();
    expect(Cookies.get('token')).toBeUndefined();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/users/logout')).toBe(true);
  });

  it('activity keeps the member signed in', async () => {
    vi.useFakeTimers();
    saveToken('t');
    mockApi({ 'GET /api/users/session': info() });
    renderAt(<IdleLogoff minutes={2} />, '/dashboard-test');
    for (let i = 0; i < 5; i++) {
      await act(() => vi.advanceTimersByTimeAsync(50_000));
      fireEvent.keyDown(window, { key: 'a' });
    }
    expect(screen.queryByText('Are you still there?')).not.toBeInTheDocument();
    expect(screen.queryByText('Auth page')).not.toBeInTheDocument();
  });
});

describe('two-factor requirement', () => {
  it('sends a member without two-factor to the security page', async () => {
    saveToken('t');
    mockApi({ 'GET /api/users/session': info({ twoFactorRequired: true }) });
    renderRoutes(
      [
        { path: '/appointments', element: <SessionWatch><h1>Appointments page</h1></SessionWatch> },
        { path: '/crafted/account/security', element: <SessionWatch><h1>Security page</h1></SessionWatch> },
      ],
      '/appointments',
    );
    expect(await screen.findByText('Security page')).toBeInTheDocument();
  });

  it('lets a member with two-factor through', async () => {
    saveToken('t');
    mockApi({ 'GET /api/users/session': info({ twoFactorRequired: true, twoFactorEnabled: true }) });
    renderRoutes([{ path: '/appointments', element: <SessionWatch><h1>Appointments page</h1></SessionWatch> }], '/appointments');
    expect(await screen.findByText('Appointments page')).toBeInTheDocument();
  });
});
