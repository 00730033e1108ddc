// The owner's sign-in settings for the organisation: automatic logoff and the two-factor requirement.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import { IDLE_TIMEOUT_MINUTES, securitySettingsSchema, type SecuritySettingsInput } from '#shared/schemas/account';
import { controlProps, Field } from '../../../components/field';
import { Busy, Loading } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { SESSION_KEY } from '../../../lib/account-session';
import { applyServerErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { SECURITY_SETTINGS_KEY, saveSecuritySettings } from '../api/security';
import { useApi } from '../../../lib/swr';

function SettingsForm({ initial }: { initial: SecuritySettingsInput }) {
  const { mutate } = useSWRConfig();
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty, isValid },
  } = useForm<SecuritySettingsInput>({ resolver: zodResolver(securitySettingsSchema), mode: 'onTouched', defaultValues: initial });

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const result = await saveSecuritySettings(values);
      if (!result.success) {
        setStatus({ kind: 'danger', text: result.message });
        applyServerErrors(setError, result.data.errors, ['idleTimeoutMinutes', 'requireTwoFactor']);
        return;
      }
      reset(values);
      notify.success(result.message || 'Security settings saved.');
      await Promise.all([mutate(SECURITY_SETTINGS_KEY), mutate(SESSION_KEY)]);
    } catch {
      setStatus({ kind: 'danger', text: 'The settings could not be saved. Please check your connection.' });
    }
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
    <section className="card border-0 shadow-sm" aria-labelledby="org-security-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="org-security-title" className="h6 fw-bold mb-0">
          Organisation sign-in settings
        </h2>
      </div>
      <div className="card-body">
        {error && <StatusBanner status={{ kind: 'danger', text: 'The settings could not be loaded. Please reload the page.' }} />}
        {!data && !error && <Loading label="Loading..." showLabel />}
        {data && <SettingsForm initial={data} />}
      </div>
    </section>
  );
}
