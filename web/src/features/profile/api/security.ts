// Two-factor sign-in, sessions and the organisation's security settings (profile: Sign-in & security).
import type { SecuritySettingsInput } from '#shared/account/schemas';
import { api } from '../../../lib/api';

export const SESSIONS_KEY = '/users/sessions';
export const SECURITY_SETTINGS_KEY = '/organization/security';

export const setupTwoFactor = () => api.post('/users/two-factor/setup');
export const enableTwoFactor = (code: string, currentPassword: string) => api.post('/users/two-factor/enable', { code, currentPassword });
/** New recovery codes (the old ones stop working), for the password and a code from the app or a recovery code. */
export const regenerateRecoveryCodes = (code: string, currentPassword: string) => api.post('/users/two-factor/recovery-codes', { code, currentPassword });
export const disableTwoFactor = (code: string) => api.post('/users/two-factor/disable', { code });
export const endSession = (id: string) => api.delete(`/users/sessions/${encodeURIComponent(id)}`);
export const endAllSessions = () => api.post('/users/sessions/end-all');
export const saveSecuritySettings = (body: SecuritySettingsInput) => api.put(SECURITY_SETTINGS_KEY, body);
