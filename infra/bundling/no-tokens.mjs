// Stands in for jose (functions/lib/tokens.ts) in functions whose route rows are all public and sign
// no tokens: they are not given the token signing key either (infra/constructs/api.ts), so they could
// neither sign nor verify one. Keeps jose (~14 KB minified) out of their bundles.
const refuse = () => {
  throw new Error('This function was bundled without tokens: its route rows are public and do not declare uses.tokens.');
};
export class SignJWT {
  constructor() {
    refuse();
  }
}
export const decodeProtectedHeader = refuse;
export const jwtVerify = refuse;
