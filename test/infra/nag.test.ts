// AWS's own rule packs as a test: cdk-nag AwsSolutions and HIPAA Security run over the whole app (the
// main stack in a region other than us-east-1, so the companion edge stack is checked too, with every
// optional feature on). Every finding is fixed or acknowledged with a reason (infra/compliance.ts and
// beside the construct), so a new finding that nobody acknowledged fails here.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { afterAll, expect, it, vi } from 'vitest';
import { EDGE_REGION, EdgeStack } from '../../infra/constructs/edge';
import { PROJECT_ROOT } from '../../infra/constructs/paths';
import { ClinicStack } from '../../infra/stack';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Violation {
  ruleName: string;
  violatingConstructs?: { constructPath: string }[];
  violatingResources?: { constructPath: string }[];
}

/** The whole app, every optional feature on, the main stack outside us-east-1. */
function clinicApp(outdir: string): App {
  const cdkContext = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')).context as Record<string, unknown>;
  const webDir = mkdtempSync(join(tmpdir(), 'clinic-nag-web-'));
  dirs.push(webDir);
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>x</title><script>document.title = "y"</script>');
  mkdirSync(join(webDir, 'api'));
  writeFileSync(join(webDir, 'api', 'openapi.json'), '{"openapi":"3.1.1"}');
  const app = new App({
    outdir,
    context: {
      ...cdkContext,
      'aws:cdk:bundling-stacks': [],
      stripeEventSourceName: 'aws.partner/stripe.com/ed_test_1',
      domainName: 'app.clinic.example.org',
      alarmEmail: 'ops@clinic.example.org',
    },
  });
  const env = { account: '111111111111', region: 'eu-west-1' };
  const edge = new EdgeStack(app, 'NagEdge', { env: { ...env, region: EDGE_REGION }, domainName: 'app.clinic.example.org' });
  new ClinicStack(app, 'Nag', { env, edge: edge.edge, crossRegionReferences: true, stripeEventsHandlerExists: true, webBuildDir: webDir });
  return app;
}

/** Synthesizes an app with both packs and answers the findings left (rule and construct path). */
function findings(build: (outdir: string) => App): string[] {
  const outdir = mkdtempSync(join(tmpdir(), 'clinic-nag-'));
  dirs.push(outdir);
  const app = build(outdir);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));

  // The validation report goes to the console as well; the test prints the findings itself.
  const quiet = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')].map((spy) => spy.mockImplementation(() => undefined));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  let failure: unknown;
  try {
    app.synth();
  } catch (error) {
    failure = error; // findings fail the synth; the report says which
  } finally {
    for (const spy of [...quiet, write]) spy.mockRestore();
  }
  const reportFile = join(outdir, 'validation-report.json');
  if (!existsSync(reportFile)) {
    if (failure) throw failure instanceof Error ? failure : new Error('The synth failed', { cause: failure });
    return [];
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { pluginReports?: { violations?: Violation[] }[] };
  return (report.pluginReports ?? []).flatMap((plugin) =>
    (plugin.violations ?? []).flatMap((v) => (v.violatingConstructs ?? v.violatingResources ?? []).map((c) => `${v.ruleName} at ${c.constructPath}`)),
  );
}

it('finds what it should: an unacknowledged finding is reported', () => {
  const left = findings((outdir) => {
    const app = new App({ outdir });
    new Bucket(new Stack(app, 'Probe'), 'Plain');
    return app;
  });
  expect(left).toContain('AwsSolutions-S1 at Probe/Plain/Resource');
});

it('passes cdk-nag AwsSolutions and HIPAA Security with reasoned acknowledgements only', () => {
  const left = findings(clinicApp);
  expect(left, left.join("\n")).toEqual([]);
}, 600_000);
