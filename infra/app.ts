// The CDK app: one ClinicStack per tenant deployment. Run through cdk.json (`npm run synth`).
// Context (cdk.json or -c): stackName, senderDomain, mailFrom, appUrl, stripeEventSourceName,
// alarmEmail, domainName (docs/operations.md).
import { App, Tags } from 'aws-cdk-lib';
import { EDGE_REGION, EdgeStack } from './constructs/edge';
import { ClinicStack } from './stack';

const app = new App();
const stackName = (app.node.tryGetContext('stackName') as string | undefined) ?? 'ClinicSuite';
const domainName = (app.node.tryGetContext('domainName') as string | undefined)?.trim() || undefined;
// Account and region from the CLI's credentials when deploying; environment-agnostic for an offline synth.
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

// CloudFront takes its WAF web ACL and certificate from us-east-1 only: a stack deployed elsewhere gets
// them from a small companion stack there (deployed first by `cdk deploy --all`).
const companion =
  region && region !== EDGE_REGION
    ? new EdgeStack(app, `${stackName}Edge`, {
        description: 'Clinic Suite: WAF web ACL and certificate for CloudFront (us-east-1)',
        env: { account, region: EDGE_REGION },
        domainName,
      })
    : undefined;

const stack = new ClinicStack(app, stackName, {
  description: 'Clinic Suite: scheduling, forms and payments (API, data, web)',
  env: { account, region },
  ...(companion ? { edge: companion.edge, crossRegionReferences: true } : {}),
});
for (const s of [stack, companion]) if (s) Tags.of(s).add('app', 'clinic-suite');

app.synth();
