// The bundling plugin that lets esbuild drop the SDK schemas a function does not use: every schema
// module keeps its values exactly, and the unused shapes really go.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/constructs/paths';
import { markSchemasPure, pureSchemasPlugin } from '../../infra/bundling/pure-schemas.mjs';

const work = mkdtempSync(join(tmpdir(), 'pure-schemas-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let built = 0;
/** Bundles `source` (resolved from the project) and returns the output file. */
async function bundle(source: string, plugins: Plugin[]): Promise<string> {
  const outfile = join(work, `out-${++built}.mjs`);
  await build({ stdin: { contents: source, resolveDir: PROJECT_ROOT }, bundle: true, format: 'esm', platform: 'node', mainFields: ['module', 'main'], outfile, plugins, logLevel: 'silent' });
  return outfile;
}

/** A schema value with its lazy references followed (cycles cut), comparable with toEqual. */
function resolve(value: unknown, seen = new Set<unknown>()): unknown {
  if (typeof value === 'function') {
    if (/^class\b/.test(Function.prototype.toString.call(value)) || value.length > 0) return `fn:${value.name}`;
    return resolve((value as () => unknown)(), seen);
  }
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  const out = Array.isArray(value) ? value.map((v) => resolve(v, seen)) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, seen)]));
  seen.delete(value);
  return out;
}

describe('pure SDK schemas', () => {
  it.each(['client-sesv2', 'client-s3', 'client-dynamodb', 'client-sns'])('keeps every export of @aws-sdk/%s/schemas identical', async (client) => {
    const source = `export * from '@aws-sdk/${client}/dist-es/schemas/schemas_0.js';`;
    const plain = await import(pathToFileURL(await bundle(source, [])).href);
    const pure = await import(pathToFileURL(await bundle(source, [pureSchemasPlugin])).href);
    expect(Object.keys(pure).sort()).toEqual(Object.keys(plain).sort());
    expect(Object.keys(plain).length).toBeGreaterThan(50);
    for (const name of Object.keys(plain)) {
      if (name === 'errorTypeRegistries') continue; // registries are instances, compared through the error schemas they hold
      expect(resolve(pure[name]), name).toEqual(resolve(plain[name]));
    }
  });

  it('lets a function that sends mail leave out the shapes of the rest of SES v2', async () => {
    const source = "import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2'; export const send = () => new SESv2Client({}).send(new SendEmailCommand({}));";
    const { readFileSync } = await import('node:fs');
    const plain = readFileSync(await bundle(source, []), 'utf8');
    const pure = readFileSync(await bundle(source, [pureSchemasPlugin]), 'utf8');
    expect(plain).toContain('BatchGetMetricData');
    expect(pure).not.toContain('BatchGetMetricData');
    expect(pure).toContain('/v2/email/outbound-emails');
    expect(plain.length - pure.length).toBeGreaterThan(40 * 1024);
  });

  it('wraps only top-level array and object declarations, whatever brackets their strings hold', () => {
    const text = 'const _a = "x";\nexport var A$ = [9, n0, _a, { [_h]: ["PUT", "/v2/{Id}/]", 200] }, () => B$];\nvar B$ = { "k": \'};\' };\nfoo();\n';
    expect(markSchemasPure(text)).toBe(
      'const _a = "x";\nexport var A$ = /* @__PURE__ */ (() => ([9, n0, _a, { [_h]: ["PUT", "/v2/{Id}/]", 200] }, () => B$]))();\nvar B$ = /* @__PURE__ */ (() => ({ "k": \'};\' }))();\nfoo();\n',
    );
  });
});
