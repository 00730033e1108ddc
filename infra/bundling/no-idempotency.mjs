// Stands in for functions/data/idempotency.ts in functions none of whose route rows takes an
// Idempotency-Key (no row with `idempotent`): functions/http/http.ts reaches it only for such rows.
// Keeps about 3 KB out of their bundles; if it is ever reached, it fails loudly here.
const missing = () => {
  throw new Error('This function was bundled without Idempotency-Key support: none of its route rows is idempotent.');
};
export const fingerprintOf = missing;
export const claimKey = missing;
export const answerOf = missing;
export const keyForWrite = missing;
export const recordOn = missing;
export const completeKey = missing;
export const releaseKey = missing;
export const derivedId = missing;
