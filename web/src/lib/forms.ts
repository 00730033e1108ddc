// Form helpers shared by the console's forms.
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormSetError } from 'react-hook-form';
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
export function useSaveStatus<T extends FieldValues>(setError?: UseFormSetError<T>, fields: readonly string[] = [], initial: Status | null = null) {
  const [status, setStatus] = useState<Status | null>(initial);
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

/** What a form's owner answers to its values: the server's field messages when it refused them. */
export type SubmitFields<T> = (values: T) => Promise<Record<string, string> | void>;

/**
 * A form checked by its schema as each field is left, whose owner sends it (`onSubmit`): the field
 * messages the owner resolves to go on `fields`. Returns useForm's answer with `submit` for <form>.
 */
export function useSubmitForm<T extends FieldValues>(resolver: Resolver<T>, defaultValues: DefaultValues<T>, fields: readonly string[], onSubmit: SubmitFields<T>) {
  const form = useForm<T>({ resolver, mode: 'onTouched', defaultValues });
  const submit = form.handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) applyServerErrors(form.setError, fieldErrors, fields);
  });
  return { ...form, submit };
}
