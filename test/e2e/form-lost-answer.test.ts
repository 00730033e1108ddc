// A visitor whose answer got lost (issue 35's three-item submission): the form was stored, the phone
// never heard back, and the visitor presses the button again. The page sends the same Idempotency-Key
// with a new solved challenge; the lead, named by that key, carries its request's record, so the
// second press is answered with the first lead (replayed) and the clinic gets one lead, not two.
// In Arabic (right to left) on a phone, as a patient would meet it.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, uniqueEmail, transitionsEnded } from './browser';
import { call, newClinicWithKey } from './owner-with-data';

const SHOTS = 'test-results/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('a public form whose first answer was lost', () => {
  it('at 390 px in Arabic: sent again, it shows the thanks once and the clinic has one lead', async () => {
    const owner = await newClinicWithKey('lostanswer');
    const form = await call<{ id: string }>('POST', '/form-builder/form', {
      token: owner.token,
      body: { name: 'Call back', fields: [{ id: 'name', label: 'Name', type: 'text', required: true }, { id: 'email', label: 'Email', type: 'email', required: true }] },
    });
    const email = uniqueEmail('lost');

    const { context, page, errors } = await newContext(browser, { width: 390, height: 844 });
    const sent: { status: number; replayed: boolean; submissionId?: string; solution?: string; key?: string }[] = [];
    // The first submission reaches the server and is stored; its answer never reaches the page.
    let first = true;
    await page.route('**/api/form-builder/form/*/submissions', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { submissionId?: string } };
      const headers = route.request().headers();
      sent.push({ status: response.status(), replayed: response.headers()['idempotent-replayed'] === 'true', submissionId: body.data?.submissionId, solution: headers['x-challenge'], key: headers['idempotency-key'] });
      if (first) {
        first = false;
        await route.abort('connectionreset');
        return;
      }
      await route.fulfill({ response });
    });

    await page.goto(appUrl(`/form-builder/public/${form.id}/${owner.apiKey}?lang=ar`));
    await page.getByRole('heading', { level: 1, name: 'Call back' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByLabel(/^Name\*?$/).fill('ليلى حداد');
    await page.getByLabel(/^Email\*?$/).fill(email);
    await page.getByRole('button', { name: 'إرسال' }).click();
    // The page says it could not send, and keeps the answers.
    await page.getByRole('dialog').waitFor();
    // The spec's text, and under it what to do.
    expect(await page.getByRole('dialog').locator('.modal-body').innerText()).toBe('حدث خطأ غير متوقع.\n\nإجاباتك ما زالت هنا. يرجى التحقق من اتصالك والمحاولة مرة أخرى.');
    await transitionsEnded(page);
    await page.screenshot({ path: `${SHOTS}/form-lost-answer-390-ar-failed.png`, fullPage: true });
    await page.getByRole('dialog').getByRole('button').first().click();
    await expect.poll(() => page.getByLabel(/^Email\*?$/).inputValue()).toBe(email);

    // Pressed again: the same key, another solution; answered with the first lead.
    await page.getByRole('button', { name: 'إرسال' }).click();
    await page.getByText('شكرًا لك. تم إرسال النموذج.').waitFor();
    await page.screenshot({ path: `${SHOTS}/form-lost-answer-390-ar-thanks.png`, fullPage: true });

    expect(sent).toHaveLength(2);
    expect(sent.map((s) => s.status)).toEqual([201, 201]);
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[1].solution).not.toBe(sent[0].solution);
    expect(sent[1]).toMatchObject({ replayed: true, submissionId: sent[0].submissionId });
    const leads = await call<{ items: { id: string; email: string }[] }>('GET', '/leads?limit=100', { token: owner.token });
    expect(leads.items.filter((l) => l.email === email).map((l) => l.id)).toEqual([sent[0].submissionId]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
