// Form helpers shared by the console's forms.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

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
