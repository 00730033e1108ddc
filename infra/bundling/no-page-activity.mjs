// Stands in for functions/data/page-activity.ts (a public page's activity, the proof-of-work level,
// spent solutions) in functions that neither issue challenges nor check a solution: functions/http/http.ts
// reaches it only for a row with `challenge`. Keeps about 2 KB out of their bundles (beside
// no-challenge.mjs, which keeps altcha-lib out); if it is ever reached, it fails loudly here.
const missing = () => {
  throw new Error('This function was bundled without challenges: none of its route rows issues or checks one.');
};
export const ACTIVITY_WINDOW_SECONDS = 0;
export const NORMAL_RATE = {};
export const activityKey = missing;
export const challengeLevel = missing;
export const spendSolution = missing;
export const challengeRiders = missing;
export const countPageEvent = missing;
export const activitySummary = missing;
