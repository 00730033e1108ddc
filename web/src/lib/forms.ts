// Form helpers shared by the console's forms.
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Status } from '../components/status-banner';

/** Puts the server's field messages (400 `errors`) on the matching inputs; returns whether any matched. */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: Record<string, string> | undefined, fields: readonly string[]): boolean {
  let matched = false;
  for (const [field, message] of Object.entries(errors ?? {})) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      matched = true;
    }
  }
  return matched;
}

/** What send() needs of an API call's answer (lib/api's ApiResult). */
interface Answer {
  success: boolean;
  message: string;
  data: { errors?: Record<string, string> };
}

/**
 * A form's message banner and its one way to save: send(call, failure) clears the banner, makes the
 * call and resolves to the answer when it succeeded. Otherwise the banner says why (the server's
 * message, else `failure`; `failure` with 'Please check your connection.' when the call could not
 * be made) and the server's messages for `fields` go on those fields; it resolves to undefined.
 */
export function useFormStatus<T extends FieldValues>(setError?: UseFormSetError<T>, fields: readonly string[] = []) {
  const [status, setStatus] = useState<Status | null>(null);
  const send = async <R extends Answer>(call: () => Promise<R>, failure: string, networkFailure = `${failure} Please check your connection.`): Promise<R | undefined> => {
    setStatus(null);
    try {
      const result = await call();
      if (result.success) return result;
      setStatus({ kind: 'danger', text: result.message || failure });
      if (setError) applyServerErrors(setError, result.data.errors, fields);
    } catch {
      setStatus({ kind: 'danger', text: networkFailure });
    }
    return undefined;
  };
  return { status, setStatus, send };
}
