// The form's file fields: each file is uploaded when chosen (one idempotency key per file), and a field's
// value is its stored key, which arrives only when the upload ends: a submit pressed before then waits
// for it, so a chosen file is never 'required'.
import { useRef } from 'react';
import type { IdempotencyKeys } from '../../lib/idempotency';
import { uploadFormFile } from './api';

export function useFormUploads(formId: string, apiKey: string, keys: IdempotencyKeys) {
  /** Uploads in flight, by field. */
  const uploads = useRef(new Map<string, Promise<string>>());
  const upload = (fieldId: string, file: File) => {
    const sent = uploadFormFile(formId, apiKey, file, keys.keyFor(['file', formId, file]));
    uploads.current.set(fieldId, sent);
    const done = () => void (uploads.current.get(fieldId) === sent && uploads.current.delete(fieldId));
    sent.then(done, done);
    return sent;
  };
  /** Waits for the uploads in flight: the keys they stored, '' for one that failed (its field says why). */
  const settle = async (): Promise<Record<string, string>> => {
    const pending = [...uploads.current];
    const results = await Promise.allSettled(pending.map(([, sent]) => sent));
    return Object.fromEntries(pending.map(([fieldId], i) => {
      const result = results[i];
      return [fieldId, result.status === 'fulfilled' ? result.value : ''];
    }));
  };
  /** Whether an upload is still out. */
  const inFlight = () => uploads.current.size > 0;
  return { upload, settle, inFlight };
}
