// The patients' matching rules (shared/patients/normalise.ts: the data layer's outbox index and the
// console use them too), named here as the patients' context offers them.
export { normaliseEmail, normalisePhone } from '#shared/patients/normalise';
