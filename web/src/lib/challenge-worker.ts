// The proof-of-work solver off the main thread (lib/challenge.tsx): altcha-lib's own worker protocol,
// with Web Crypto's PBKDF2 (its packaged workers are for Node). Solving on the page cost a phone's main
// thread 150-300 ms of long tasks while the visitor starts typing (Lighthouse mobile TBT).
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

handler({ deriveKey });
