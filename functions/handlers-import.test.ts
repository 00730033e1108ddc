// Handlers and their helpers speak to the data layer, never to the AWS SDK: the SDK is used only in
// functions/lib/ (clients) and functions/data/ (entity modules exporting whole write operations), so a
// write, its audit entry, counters and outbox rows are composed in one place, on the data core.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const FUNCTIONS = import.meta.dirname;
const SDK_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]@aws-sdk\//;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const outsideDataLayer = walk(FUNCTIONS)
  .map((f) => relative(FUNCTIONS, f))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .filter((f) => !f.startsWith('lib/') && !f.startsWith('data/'));

describe('handlers and their helpers', () => {
  it('import no AWS SDK module (only functions/lib and functions/data do)', () => {
    expect(outsideDataLayer.length).toBeGreaterThan(100);
    expect(outsideDataLayer.filter((f) => SDK_IMPORT.test(readFileSync(join(FUNCTIONS, f), 'utf8')))).toEqual([]);
  });

  it('recognises the ways a module is imported', () => {
    expect(SDK_IMPORT.test("import { GetCommand } from '@aws-sdk/lib-dynamodb';")).toBe(true);
    expect(SDK_IMPORT.test('import type { X } from "@aws-sdk/client-s3";')).toBe(true);
    expect(SDK_IMPORT.test("const m = await import('@aws-sdk/client-sesv2');")).toBe(true);
    expect(SDK_IMPORT.test("import '@aws-sdk/core';")).toBe(true);
    expect(SDK_IMPORT.test("import { ddb } from './data/dynamo'; // not @aws-sdk/ itself")).toBe(false);
  });
});
