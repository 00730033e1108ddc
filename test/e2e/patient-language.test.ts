// Issue 26 in Chromium: a patient whose browser speaks Spanish, French, German, Brazilian Portuguese
// or Arabic finds the booking page, the public form and the manage page in that language (Arabic right
// to left), books and pays, is mailed the confirmation in it, and axe finds nothing on any of them.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import ar from '../../web/src/i18n/messages/ar.json';
import de from '../../web/src/i18n/messages/de.json';
import es from '../../web/src/i18n/messages/es.json';
import fr from '../../web/src/i18n/messages/fr.json';
import pt from '../../web/src/i18n/messages/pt.json';
import { SERVER_CATALOGUES } from '../../functions/lib/i18n/catalogues';
import { appUrl, axeViolations, launch, layoutShift, mailsTo, testClientHeaders, transitionsEnded, uniqueEmail } from './browser';
import { call, newClinicWithKey } from './owner-with-data';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LOCALES = [
  { tag: 'es-ES', lang: 'es', texts: es },
  { tag: 'fr-FR', lang: 'fr', texts: fr },
  { tag: 'de-DE', lang: 'de', texts: de },
  { tag: 'pt-BR', lang: 'pt', texts: pt },
  { tag: 'ar', lang: 'ar', texts: ar },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A clinic with a booking package and a form, its API key. */
async function newClinic(tag: string) {
  const { apiKey, token } = await newClinicWithKey(tag);
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Consultation', packagePrice: 49.5, packageDescription: 'A first visit.' } });
  const form = await call('POST', '/form-builder/form', { token, body: { name: 'Intake form', fields: [{ id: 'name', label: 'Full name', type: 'text', required: true }, { id: 'help', label: 'How can we help?', type: 'text', required: false }] } });
  return { apiKey, packageId: pkg.id as string, formId: form.id as string };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label, exactly (a required field's label ends with a star). */
const field = (label: string) => new RegExp(`^${escape(label)}\\*?$`);

async function noViolations(page: Page, where: string) {
  // Transitions (a toast, a fade) end first: axe measures colours as painted.
  await transitionsEnded(page);
  const violations = await axeViolations(page, TAGS);
  expect(violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' > ')}`))).toEqual([]);
}

/** Whether an English text is painted in its order: its last character to the right of its first. */
function readsLeftToRight(element: Locator) {
  return element.evaluate((node) => {
    const text = node.firstChild!;
    const x = (i: number) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().x;
    };
    return x(text.textContent!.length - 1) > x(0);
  });
}

async function documentLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/** A browser whose languages are the patient's (navigator.languages and Accept-Language). */
async function patientContext(locale: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 }, extraHTTPHeaders: testClientHeaders() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  onTestFailed(async ({ task }) => {
    await page.screenshot({ path: `test-results/e2e/${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`, fullPage: true }).catch(() => undefined);
  });
  return { context, page, errors };
}

describe("public pages in the patient's language (issue 26)", () => {
  it.each(LOCALES)('$tag: booking page, payment, confirmation mail, manage page and form', async ({ tag, lang, texts }) => {
    const clinic = await newClinic(`lang${lang}`);
    let date: string | undefined;
    for (let days = 2; days < 12 && !date; days++) {
      const candidate = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const day = await call('POST', '/bookings/available-slots', { body: { apiKey: clinic.apiKey, date: candidate, packageId: clinic.packageId } });
      if (day?.slots?.length) date = candidate;
    }
    expect(date).toBeDefined();
    const visitor = uniqueEmail(`patient-${lang}`);
    const { context, page, errors } = await patientContext(tag);

    // The booking page, in the browser's language from its first render.
    await page.goto(appUrl(`/booking/${clinic.apiKey}`));
    await page.getByRole('heading', { level: 1, name: texts['booking.title'] }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr' });
    expect(await page.getByLabel(texts['language.label']).inputValue()).toBe(lang);
    // Shown once in its language, and nothing moved on the way (the English first paint stayed hidden).
    await page.getByText(texts['booking.intro']).waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-i18n-pending'))).toBe(false);
    expect(await layoutShift(page)).toBe(0);
    await page.getByLabel(field(texts['booking.package'])).selectOption({ label: 'Consultation' });
    // What the clinic wrote in English reads left to right on any page: its full stop at its end, on the
    // right (right to left, it showed as '.A first visit').
    expect(await readsLeftToRight(page.getByText('A first visit.', { exact: true }))).toBe(true);
    // An email address takes the direction of what is typed ('karim@' showed as '@karim' right to left).
    if (lang === 'ar') expect(await page.getByLabel(field(texts['booking.email'])).evaluate((input) => getComputedStyle(input).unicodeBidi)).toBe('plaintext');
    await page.getByLabel(field(texts['booking.firstName'])).fill('Pat');
    await page.getByLabel(field(texts['booking.lastName'])).fill('Visitor');
    await page.getByLabel(field(texts['booking.email'])).fill(visitor);
    await page.getByLabel(field(texts['booking.phone'])).fill('+15551234567');
    // The day in the month view (the only way to choose one), on the next month's page when it falls there.
    const month = page.getByRole('region', { name: texts['booking.month.freeDays'] });
    await month.locator('button[data-date]:not([disabled])').first().waitFor();
    if (!(await month.locator(`button[data-date="${date}"]`).count())) await month.getByRole('button', { name: texts['booking.month.next'] }).click();
    await month.locator(`button[data-date="${date}"]:not([disabled])`).click();
    const first = page.getByRole('region', { name: texts['booking.availableTimes'] }).getByRole('button').first();
    await first.waitFor();
    await first.click();
    await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
    await noViolations(page, `booking ${lang}`);

    // Pays on the checkout, in this tab (issue 34), which comes back to the page's confirmation, in the same language.
    await page.getByRole('button', { name: texts['booking.continue'] }).click();
    await page.waitForURL('**/local/checkout/**');
    const checkout = page;
    await checkout.getByLabel('Email').fill(visitor);
    await checkout.getByRole('button', { name: /^Pay \$/ }).click();
    await checkout.waitForURL(/payment=success/);
    await checkout.getByRole('heading', { name: texts['confirmation.title'] }).waitFor({ timeout: 30_000 });
    expect(await documentLanguage(checkout)).toEqual({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr' });
    await noViolations(checkout, `confirmation ${lang}`);

    // The confirmation mail in the patient's language, its manage link to the manage page.
    const subject = SERVER_CATALOGUES[lang]['confirm.subject'].split('{')[0];
    await expect.poll(async () => (await mailsTo(visitor)).map((m) => m.subject).find((s) => s.startsWith(subject)), { timeout: 15_000 }).toBeDefined();
    const mail = (await mailsTo(visitor)).find((m) => m.subject.startsWith(subject))!;
    expect(mail.body?.text).toContain(SERVER_CATALOGUES[lang]['confirm.intro'].replace('{clinic}', `lang${lang} Clinic`));
    const manageUrl = /https?:\/\/\S+\/manage\S*#[A-Za-z0-9_-]{43}/.exec(mail.body.text!)![0];
    await page.goto(appUrl(new URL(manageUrl).pathname + new URL(manageUrl).search + new URL(manageUrl).hash));
    await page.getByRole('heading', { level: 1, name: texts['manage.booking'] }).waitFor();
    await page.getByRole('button', { name: texts['manage.cancelBooking'] }).waitFor();
    expect(await documentLanguage(page)).toEqual({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr' });
    await noViolations(page, `manage ${lang}`);

    // The public form: the clinic's own texts as written, the page's in the language.
    await page.goto(appUrl(`/form-builder/public/${clinic.formId}/${clinic.apiKey}`));
    await page.getByRole('heading', { level: 1, name: 'Intake form' }).waitFor();
    await page.getByRole('button', { name: texts['form.submitForm'] }).click();
    await page.getByText(texts['formRule.required'].replace('{label}', 'Full name')).first().waitFor();
    expect(await documentLanguage(page)).toEqual({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr' });
    // The clinic's question keeps its question mark at its end (right to left it read '?How can we help').
    expect(await readsLeftToRight(page.getByText('How can we help?', { exact: true }))).toBe(true);
    await noViolations(page, `form ${lang}`);

    expect(errors).toEqual([]);
    await context.close();
  });
});
