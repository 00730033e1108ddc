// The CDK app: one ClinicStack per tenant deployment. Run through cdk.json (`npm run synth`).
// Context (cdk.json or -c): stackName, senderDomain, mailFrom, appUrl, stripeEventSourceName.
import { App, Tags } from 'aws-cdk-lib';
import { ClinicStack } from './stack';

const app = new App();
const stackName = (app.node.tryGetContext('stackName') as string | undefined) ?? 'ClinicSuite';

const stack = new ClinicStack(app, stackName, {
  description: 'Clinic Suite: scheduling, forms and payments (API, data, web)',
  // Account and region from the CLI's credentials when deploying; environment-agnostic for synth.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Tags.of(stack).add('app', 'clinic-suite');

app.synth();
