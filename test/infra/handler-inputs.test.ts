// What a function's bundle carries of the project's own code (esbuild's metafile), bundled as the stack
// bundles it, for the functions near their 350 KB budget (npm run bench -- --sizes): a shared module that
// builds schemas at load cannot be tree-shaken, so importing one value of it carries all of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleHandlers } from '../../infra/constructs/bundling';
import { handlerEntry } from '../../infra/constructs/paths';

const work = mkdtempSync(join(tmpdir(), 'handler-inputs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The inputs of a handler's bundle that put code into it. */
function carriedBy(name: string): string[] {
  const { inputs } = bundleHandlers(work, [{ name, entry: handlerEntry(name) }]).get(name)!;
  return Object.keys(inputs).filter((input) => inputs[input].bytesInOutput > 0);
}

describe('handler bundles', () => {
  it("a series move does not carry the booking page's and package settings' request schemas", () => {
    const name = 'bookings/move-series';
    const carried = carriedBy(name);
    expect(carried).toContain('functions/domain/series/move.ts');
    expect(carried).toContain('shared/bookings/intake-answers.ts');
    expect(carried).not.toContain('shared/bookings/schemas.ts');
    expect(carried).not.toContain('shared/money-text.ts');
  });

  it("Stripe's events carry no Idempotency-Key or challenge code (no row of theirs uses one) and none of the SDK's unused fallbacks", () => {
    const name = 'payments/stripe-events';
    const carried = carriedBy(name);
    expect(carried).toContain('functions/domain/payments/refund-failed.ts');
    expect(carried).toContain('infra/bundling/no-idempotency.mjs');
    expect(carried).not.toContain('functions/data/idempotency.ts');
    expect(carried).not.toContain('functions/data/page-activity.ts');
    expect(carried.filter((input) => /Sha256Js|AdaptiveRetryStrategy|DefaultRateLimiter|getInstanceMetadataRegion/.test(input))).toEqual([]);
  });

  it("the subscribers' worker counts a lead's page write without the challenge code (page-counts.ts is no stub)", () => {
    const name = 'outbox/run-subscribers';
    const carried = carriedBy(name);
    expect(carried).toContain('functions/domain/forms/on-lead-received.ts');
    expect(carried).toContain('functions/data/page-counts.ts');
    expect(carried).not.toContain('functions/data/page-activity.ts');
  });

  it('a public booking keeps its Idempotency-Key and challenge code', () => {
    const name = 'bookings/create-booking';
    const carried = carriedBy(name);
    expect(carried).toContain('functions/data/idempotency.ts');
    expect(carried).toContain('functions/data/page-activity.ts');
  });
});
