// The answers of a clinic's form on a public page (the booking page's intake step, the intake link's
// page): the values as typed, and each chosen file uploaded at once under its field, so sending the
// answers only waits for the uploads still under way.
import { useCallback, useRef, useState } from 'react';
import type { FieldValue } from '../../components/form-field-input';
import { useIdempotencyKeys } from '../../lib/idempotency';

export type Answers = Record<string, FieldValue>;

/** `upload` sends one file and answers its key; `keyScope` tells apart the keys of one file sent for two forms. */
export function useAnswers(upload: (file: File, idempotencyKey: string) => Promise<string>, keyScope: readonly unknown[] = []) {
  const [values, setValues] = useState<Answers>({});
  /** The values as last set (sending reads them: an upload may end after the render it was pressed in). */
  const latest = useRef<Answers>({});
  const uploads = useRef(new Map<string, Promise<string>>());
  const keys = useIdempotencyKeys();

  const onChange = (fieldId: string, value: FieldValue) => {
    latest.current = { ...latest.current, [fieldId]: value };
    setValues(latest.current);
  };
  const onFile = (fieldId: string, file: File) => {
    const sent = upload(file, keys.keyFor(['intake-file', ...keyScope, file]));
    uploads.current.set(fieldId, sent);
    const done = () => void (uploads.current.get(fieldId) === sent && uploads.current.delete(fieldId));
    sent.then(done, done);
    return sent;
  };
  /** Another form: its own answers, from empty (the same function every render: an effect may call it). */
  const reset = useCallback(() => {
    latest.current = {};
    setValues({});
  }, []);
  /** The answers once the files still uploading are done: their keys, or '' for one that failed (its field says why). */
  const settle = async (): Promise<Answers> => {
    const pending = [...uploads.current];
    const results = await Promise.allSettled(pending.map(([, sent]) => sent));
    pending.forEach(([fieldId], i) => {
      const r = results[i];
      latest.current = { ...latest.current, [fieldId]: r.status === 'fulfilled' ? r.value : '' };
    });
    setValues(latest.current);
    return latest.current;
  };
  return { values, onChange, onFile, reset, settle };
}
