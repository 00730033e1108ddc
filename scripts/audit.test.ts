import { describe, expect, it } from 'vitest';
import { verdictOf, type AuditReport } from './audit';

// Shaped as `npm audit --json` prints them (report version 2; the refusal is this environment's registry's).
const report = (vulnerabilities: NonNullable<AuditReport['vulnerabilities']>): AuditReport => ({ auditReportVersion: 2, vulnerabilities });
const advisory = (severity: 'moderate' | 'high') => ({
  name: 'example-lib', severity, isDirect: false, fixAvailable: true,
  via: [{ title: 'Prototype pollution', url: 'https://github.com/advisories/GHSA-xxxx-xxxx-xxxx', severity, range: '<1.2.3' }],
});

describe('npm audit verdict', () => {
  it('fails on a high advisory, names it, and passes a moderate one', () => {
    const high = verdictOf(report({ 'example-lib': advisory('high'), 'uses-it': { name: 'uses-it', severity: 'high', isDirect: true, via: ['example-lib'] } }));
    expect(high).toMatchObject({ kind: 'vulnerable', fails: true });
    expect(high.kind === 'vulnerable' && high.lines).toEqual([
      'high     example-lib (indirect): Prototype pollution https://github.com/advisories/GHSA-xxxx-xxxx-xxxx',
      'high     uses-it: through example-lib',
    ]);
    expect(verdictOf(report({ 'example-lib': advisory('moderate') }))).toMatchObject({ kind: 'vulnerable', fails: false });
    expect(verdictOf(report({}))).toEqual({ kind: 'clean' });
  });

  it('says a registry without the advisory endpoint could not check, instead of passing it as clean', () => {
    const refused: AuditReport = { message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk', statusCode: 405, error: { summary: '', detail: '' } };
    expect(verdictOf(refused)).toEqual({ kind: 'unavailable', reason: refused.message });
  });
});
