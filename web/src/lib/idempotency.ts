// Idempotency-Key of the public pages' writes (the IETF httpapi draft's header): a submission gets one
// key when the visitor sends it, and every retry of the same submission (a lost answer, a timeout, a
// second click) sends the same key, so the server makes its record once and answers the retry with
// the first answer. What is sent changes: a new key. Answered for good: `forget`, and the next
// submission, even with the same content, is a new one.
import { useState } from 'react';

/** How many recent submissions keep their key (the visitor's last few files, say). */
const REMEMBERED = 20;

/** A stable description of what a request sends (files by name, size, type and date). */
export function fingerprintOf(value: unknown): string {
  if (value instanceof File) return `file:${value.name}:${value.size}:${value.type}:${value.lastModified}`;
  if (value instanceof Blob) return `blob:${value.size}:${value.type}`;
  if (value instanceof FormData) return JSON.stringify([...value.entries()].map(([name, v]) => [name, fingerprintOf(v)]));
  if (Array.isArray(value)) return `[${value.map(fingerprintOf).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${fingerprintOf((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export interface IdempotencyKeys {
  /** The key for sending `what`: the same one while `what` has not changed and was not forgotten. */
  keyFor: (what: unknown) => string;
  /** The submission was answered for good: the same content sent again is a new submission. */
  forget: () => void;
}

/** A random UUID; crypto.randomUUID exists only in secure contexts (https, localhost). */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function idempotencyKeys(newKey: () => string = randomKey): IdempotencyKeys {
  const keys = new Map<string, string>();
  return {
    keyFor(what) {
      const fingerprint = fingerprintOf(what);
      let key = keys.get(fingerprint);
      if (!key) {
        key = newKey();
        keys.set(fingerprint, key);
        if (keys.size > REMEMBERED) keys.delete(keys.keys().next().value!);
      }
      return key;
    },
    forget: () => keys.clear(),
  };
}

/** The keys of one page's submissions, kept for the life of the component. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => idempotencyKeys());
  return keys;
}
