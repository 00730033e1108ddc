// The owner's sign-in settings for the organisation: automatic logoff and the two-factor requirement.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { IDLE_TIMEOUT_MINUTES, securitySettingsSchema, type SecuritySettingsInput } from '#shared/account/schemas';
import { controlProps, Field } from '../../../components/field';
import { Busy, Loading } from '../../../components/loading';
import { Card } from '../../../components/card';
import { StatusBanner } from '../../../components/status-banner';
import { SESSION_KEY } from '../../../lib/account-session';
import { useSaveStatus } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { SECURITY_SETTINGS_KEY, saveSecuritySettings } from '../api/security';
import { useApi } from '../../../lib/swr';

function SettingsForm({ initial }: { initial: SecuritySettingsInput }) {
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty, isValid },
  } = useForm<SecuritySettingsInput>({ resolver: zodResolver(securitySettingsSchema), mode: 'onTouched', defaultValues: initial });
  const { status, send } = useSaveStatus(setError, ['idleTimeoutMinutes', 'requireTwoFactor']);

  const submit = handleSubmit(async (values) => {
    const result = await send(() => saveSecuritySettings(values), 'The settings could not be saved.');
    if (!result) return;
    reset(values);
    notify.success(result.message || 'Security settings saved.');
    await Promise.all([mutate(SECURITY_SETTINGS_KEY), mutate(SESSION_KEY)]);
  });

  const e = errors.idleTimeoutMinutes?.message;
  return (
    <form onSubmit={submit} noValidate>
      <StatusBanner status={status} />
      <Field id="idleTimeoutMinutes" label="Sign out after this many minutes without activity" error={e} hint={`From ${IDLE_TIMEOUT_MINUTES.min} to ${IDLE_TIMEOUT_MINUTES.max} minutes. Members are warned a minute before.`}>
        <input type="number" {...register('idleTimeoutMinutes', { valueAsNumber: true })} {...controlProps('idleTimeoutMinutes', e)} style={{ maxWidth: 160 }} min={IDLE_TIMEOUT_MINUTES.min} max={IDLE_TIMEOUT_MINUTES.max} step={1} />
      </Field>
      <div className="form-check form-switch mb-1">
        <input type="checkbox" role="switch" className="form-check-input" id="requireTwoFactor" {...register('requireTwoFactor')} aria-describedby={errors.requireTwoFactor ? 'requireTwoFactor-error' : undefined} />
        <label className="form-check-label" htmlFor="requireTwoFactor">
          Require two-step sign-in for every member
        </label>
      </div>
      {errors.requireTwoFactor && (
        <div id="requireTwoFactor-error" className="invalid-feedback d-block">
          {errors.requireTwoFactor.message}
        </div>
      )}
      <p className="form-text mt-0">Members without it are asked to set it up before they can do anything else.</p>
      <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isDirty || !isValid}>
        {isSubmitting ? <Busy /> : 'Save settings'}
      </button>
    </form>
  );
}

export function OrgSecurityCard() {
  const { data, error } = useApi(SECURITY_SETTINGS_KEY);
  return (
    <Card titleId="org-security-title" title="Organisation sign-in settings">
      {error && <StatusBanner status={{ kind: 'danger', text: 'The settings could not be loaded. Please reload the page.' }} />}
      {!data && !error && <Loading label="Loading..." showLabel />}
      {data && <SettingsForm initial={data} />}
    </Card>
  );
}
