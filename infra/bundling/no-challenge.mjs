// Stands in for altcha-lib (functions/lib/challenge.ts) in functions that neither issue proof-of-work
// challenges nor check a solution (no row with `challenge` or uses.challenges): they are not given the
// challenge key either. Keeps altcha-lib (~4 KB minified) out of their bundles.
const refuse = () => {
  throw new Error('This function was bundled without challenges: none of its route rows issues or checks one.');
};
export const createChallenge = refuse;
export const verifySolution = refuse;
export const deriveKey = refuse;
