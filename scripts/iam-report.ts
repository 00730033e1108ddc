// `npx tsx scripts/iam-report.ts`: what each function's role may do, from the synthesized stack (no
// bundling, offline): IAM statements and actions per function, and which of them reach the payments
// secret, the private uploads or SNS. For reviews of the route table's `uses` declarations.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ClinicStack } from '../infra/stack';
import { PROJECT_ROOT } from '../infra/constructs/paths';

/** What this report reads of a synthesized template's resources (IAM policies: their roles and statements). */
interface Statement { Action: string | string[]; [key: string]: unknown }
interface Resource { Type: string; Properties?: { Roles?: { Ref?: string }[]; PolicyDocument?: { Statement: Statement[] } } }

const { context } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
const outdir = mkdtempSync(join(tmpdir(), 'clinic-iam-'));
try {
  const app = new App({ outdir, context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new ClinicStack(app, 'ClinicIamReport');
  const templates = new Map<Stack, Record<string, Resource>>();
  const rows: { handler: string; statements: number; actions: number; note: string }[] = [];
  for (const [handler, fn] of stack.functions) {
    const scope = Stack.of(fn);
    if (!templates.has(scope)) templates.set(scope, Template.fromStack(scope).toJSON().Resources as Record<string, Resource>);
    const resources = templates.get(scope)!;
    const roleId = scope.getLogicalId(fn.role!.node.defaultChild as CfnElement);
    const statements = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties?.Roles?.some((ref) => ref.Ref === roleId))
      .flatMap((p) => p.Properties?.PolicyDocument?.Statement ?? []);
    const actions = statements.flatMap((s) => [s.Action].flat());
    const text = JSON.stringify(statements);
    const note = [
      actions.includes('dynamodb:Scan') ? 'Scan' : '',
      actions.some((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a)) ? 'table-write' : 'table-read',
      /s3:/.test(text) ? (/private\//.test(text) ? 's3:private' : /s3:/.test(text) && !/org\//.test(text) ? 's3:whole-bucket' : 's3:public') : '',
      /Payments/.test(text) ? 'payments-secret' : '',
      /AppSecrets/.test(text) ? 'app-secret' : '',
      actions.includes('ses:SendEmail') ? 'mail' : '',
      actions.includes('sns:Publish') ? 'sms' : '',
    ].filter(Boolean).join(' ');
    rows.push({ handler, statements: statements.length, actions: actions.length, note });
  }
  rows.sort((a, b) => a.handler.localeCompare(b.handler));
  for (const r of rows) console.log(`${r.handler.padEnd(44)} ${String(r.statements).padStart(3)} statements ${String(r.actions).padStart(3)} actions  ${r.note}`);
  const sum = (k: 'statements' | 'actions') => rows.reduce((n, r) => n + r[k], 0);
  console.log(`\n${rows.length} functions: ${sum('statements')} statements, ${sum('actions')} actions in all`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
