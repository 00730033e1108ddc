// `npm run audit` (run by .ci/run after `npm ci`): the npm advisory database's known vulnerabilities in
// what is deployed (package.json `dependencies`: every function and page bundles them). A high or critical
// one fails; lower ones and devDependencies' are printed, not failed (Renovate's vulnerability alerts
// propose their fixes at any time: renovate.json, docs/dependencies.md).
// It asks the registry npm is configured with (one request, a few seconds). A registry without the
// advisory endpoint (a mirror that answers 405 or 404, as this project's build environment does) or no
// network is said plainly and does not fail CI: the check cannot run there, and a check that failed for
// that would fail every build for a reason nobody can fix.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The part of `npm audit --json` (report version 2) this reads. */
export interface AuditReport {
  auditReportVersion?: number;
  vulnerabilities?: Record<string, { name: string; severity: Severity; isDirect?: boolean; via: (string | { title?: string; url?: string; severity?: Severity; range?: string })[]; fixAvailable?: unknown }>;
  /** npm's answer when the registry refused or could not be reached. */
  statusCode?: number;
  message?: string;
  error?: { code?: string; summary?: string; detail?: string };
}

type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';
const FAILS: Severity[] = ['high', 'critical'];

export type Verdict = { kind: 'clean' } | { kind: 'unavailable'; reason: string } | { kind: 'vulnerable'; fails: boolean; lines: string[] };

/** What a report says: no advisory, advisories (failing at high or critical), or no answer from the registry. */
export function verdictOf(report: AuditReport): Verdict {
  if (report.auditReportVersion !== 2 || !report.vulnerabilities) {
    const reason = report.message || report.error?.summary || report.error?.code || 'no audit report in the answer';
    return { kind: 'unavailable', reason };
  }
  const found = Object.values(report.vulnerabilities);
  if (!found.length) return { kind: 'clean' };
  const lines = found.map((v) => {
    const advisories = v.via.filter((x) => typeof x !== 'string').map((x) => `${x.title ?? 'advisory'} ${x.url ?? ''}`.trim());
    const through = v.via.filter((x) => typeof x === 'string');
    return `${v.severity.padEnd(8)} ${v.name}${v.isDirect ? '' : ' (indirect)'}: ${[...advisories, ...through.map((t) => `through ${t}`)].join('; ')}`;
  });
  return { kind: 'vulnerable', fails: found.some((v) => FAILS.includes(v.severity)), lines };
}

function audit(): AuditReport {
  const run = spawnSync('npm', ['audit', '--json', '--omit=dev'], { encoding: 'utf8', timeout: 60_000 });
  try {
    return JSON.parse(run.stdout) as AuditReport;
  } catch {
    return { message: run.error?.message ?? `npm audit printed no report (exit ${run.status})` };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const verdict = verdictOf(audit());
  if (verdict.kind === 'clean') console.log('npm audit: no known vulnerability in the dependencies.');
  else if (verdict.kind === 'unavailable') console.log(`npm audit: not checked, the registry gave no advisory report (${verdict.reason}). Renovate's vulnerability alerts still apply.`);
  else {
    console.log(`npm audit: known vulnerabilities in the dependencies:\n${verdict.lines.join('\n')}`);
    if (verdict.fails) {
      console.log('A high or critical one fails the build: update the package (its Renovate PR, or `npm audit fix`).');
      process.exit(1);
    }
  }
}
