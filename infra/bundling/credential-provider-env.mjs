// Stands in for @aws-sdk/credential-provider-node in Lambda bundles. Lambda hands the function its
// role's credentials in environment variables, so the env provider is the whole chain it needs; the
// default chain (SSO, STS, INI files, IMDS...) adds ~135 KB minified to every function.
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
