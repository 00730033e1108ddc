// The route table's `uses` against the code: each handler, bundled as esbuild bundles it (unused code
// shaken out), must declare exactly the capabilities its code can reach, no more (a broader grant) and
// no fewer (AccessDenied in AWS; the local stack checks only the table). The table's read or write is
// checked by the local stack during the integration tests (infra/local/declared-access.ts).
import { build } from 'esbuild';
import { beforeAll, expect, it } from 'vitest';
import { ROUTES, routeKey, type Uses } from '../../functions/routes';
import { handlerEntry } from '../../infra/constructs/paths';
import { usesOf } from '../../infra/stack';

/** What a bundle that can do each thing contains (functions/lib/*: the one place each is done). */
const REACHES: Record<string, RegExp> = {
  mail: /\bfunction sendMail\(/,
  sms: /\bfunction sendSms\(/,
  payments: /\bfunction getPaymentSecrets\(/,
  uploads: /\bfunction presignObjectRequest\(/,
  signsTokens: /\bfunction signToken\(/,
};

const handlers = [...new Set(ROUTES.map((r) => r.handler))];
const code = new Map<string, string>();

beforeAll(async () => {
  const result = await build({
    entryPoints: Object.fromEntries(handlers.map((h) => [h, handlerEntry(h)])),
    bundle: true,
    write: false,
    outdir: '/virtual',
    format: 'esm',
    platform: 'node',
    packages: 'external',
    treeShaking: true,
    logLevel: 'silent',
  });
  for (const file of result.outputFiles) code.set(file.path.replace(/^\/virtual\//, '').replace(/\.js$/, ''), file.text);
}, 120_000);

it('declares on each row exactly the mail, SMS, payments and uploads its handler can reach', () => {
  expect(code.size).toBe(handlers.length);
  const wrong: string[] = [];
  for (const handler of handlers) {
    const text = code.get(handler)!;
    const uses: Uses = usesOf(ROUTES.filter((r) => r.handler === handler));
    const declared = { mail: Boolean(uses.mail), sms: Boolean(uses.sms), payments: Boolean(uses.payments), uploads: Boolean(uses.uploads) };
    for (const [capability, has] of Object.entries(declared)) {
      const reaches = REACHES[capability].test(text);
      if (reaches !== has) wrong.push(`${handler}: ${reaches ? 'reaches' : 'does not reach'} ${capability} but declares ${has ? 'it' : 'nothing'}`);
    }
  }
  expect(wrong).toEqual([]);
});

it('declares the uploads access its handler uses: which prefix, and whether it stores, links or erases', () => {
  const wrong: string[] = [];
  for (const handler of handlers) {
    const text = code.get(handler)!;
    // Storing a file (and deleting the one it replaces), or only deleting one (a logo removed).
    const stores = /\bfunction storeUpload\(/.test(text);
    const deletes = /\bfunction deleteUpload\(/.test(text);
    const deletesPatientDocuments = /\bfunction deletePatientDocument\(/.test(text);
    const reached = /\bfunction deleteUploadsUnder\(/.test(text)
      ? 'erase'
      : /\bfunction signedDownloadUrl\(/.test(text)
        ? 'private-read'
        : stores
          ? /visibility: "private"/.test(text) ? 'private-write' : 'public'
          : deletesPatientDocuments
            ? 'private-delete'
            : deletes
              ? 'public-delete'
              : undefined;
    const declared = usesOf(ROUTES.filter((r) => r.handler === handler)).uploads;
    if (reached !== declared) wrong.push(`${handler}: uses ${reached ?? 'no uploads'}, declares ${declared ?? 'none'}`);
  }
  expect(wrong).toEqual([]);
});

it('lets only the public rows that sign people in read the token key among public rows', () => {
  for (const route of ROUTES.filter((r) => r.access === 'public')) {
    expect(Boolean(route.uses.tokens), `${routeKey(route)}: signs tokens`).toBe(REACHES.signsTokens.test(code.get(route.handler)!));
  }
});
