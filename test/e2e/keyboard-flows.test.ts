// Issue 14, item 5: the public flows by keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, typing;
// never a click): booking a paid time through the local checkout, filling a form with packages in its
// modal and paying, requesting an appointment. On the way: every focused control shows a focus ring,
// the modal keeps focus inside and gives it back to its opener, an empty submit announces its errors
// (role=alert) and links each field to its message, and targets are at least 24 x 24 px.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { a11yFixture, type A11yFixture } from './a11y-fixture';
import { appUrl, launch, mailCount, newContext, uniqueEmail } from './browser';

interface Focused {
  tag: string;
  type: string;
  /** The accessible name as far as a test needs it: aria-label, the label's text, or the text. */
  name: string;
  inDialog: boolean;
  ring: boolean;
  /** The computed outline and box-shadow, for the message when there is no ring. */
  style: string;
  width: number;
  height: number;
}

/** What has the focus now, and whether it shows; measured again after a moment while a ring may be fading in. */
async function focused(page: Page): Promise<Focused | null> {
  const now = await focusedNow(page);
  if (!now || now.ring) return now;
  await page.waitForTimeout(300);
  return focusedNow(page);
}

/** What has the focus, and whether it shows (an outline or a box-shadow that is painted). */
function focusedNow(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name = (el.getAttribute('aria-label') || label || el.textContent || '').replace(/\s+/g, ' ').replace(/\*$/, '').trim();
    const style = getComputedStyle(el);
    // A colour with some opacity; a shadow also needs some blur or spread (a transparent or 0 px one shows nothing).
    const opaque = (color: string) => !/^rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent';
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && opaque(style.outlineColor);
    const shadow = style.boxShadow.split(/,(?![^(]*\))/).some((part) => {
      const color = /rgba?\([^)]*\)/.exec(part)?.[0] ?? '';
      const lengths = (part.replace(color, '').match(/-?[\d.]+px/g) ?? []).map(parseFloat);
      return opaque(color) && (Math.abs(lengths[2] ?? 0) > 0.5 || Math.abs(lengths[3] ?? 0) > 0.5);
    });
    const r = el.getBoundingClientRect();
    return { tag: el.tagName.toLowerCase(), type: (el as HTMLInputElement).type ?? '', name, inDialog: Boolean(el.closest('[role="dialog"]')), ring: outline || shadow, style: `outline ${style.outline}; box-shadow ${style.boxShadow}; :focus ${el.matches(':focus')}, window focused ${document.hasFocus()}, ${el.className}`, width: r.width, height: r.height };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused control's name matches; on the way every
 * focused control must show its focus. Date and time inputs take several Tabs (one per part).
 */
async function tabTo(page: Page, name: RegExp, options: { back?: boolean; max?: number } = {}): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 60); i++) {
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (!now) continue;
    seen.push(now.name);
    expect(now.ring, `"${now.name}" (${now.tag}) has the focus but shows no outline or focus shadow (${now.style})`).toBe(true);
    if (name.test(now.name)) return now;
  }
  throw new Error(`No control named ${name} by keyboard; focus went through: ${seen.join(' | ')}`);
}

/** After an empty submit: each named field is aria-invalid and described by an element that says what is wrong. */
async function expectLinkedErrors(page: Page, scope: string, labels: string[]) {
  for (const label of labels) {
    const described = await page.evaluate(
      ({ scope, label }) => {
        const root = document.querySelector(scope) ?? document;
        const control = [...root.querySelectorAll<HTMLInputElement>('input, select, textarea')].find((el) => (el.labels?.[0]?.textContent ?? '').replace(/\*$/, '').trim() === label);
        if (!control) return { found: false, invalid: null, message: '' };
        const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
        const message = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
        return { found: true, invalid: control.getAttribute('aria-invalid'), message };
      },
      { scope, label },
    );
    expect(described, label).toMatchObject({ found: true, invalid: 'true' });
    expect(described.message, `${label}'s aria-describedby`).not.toBe('');
  }
}

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000);

/** A date as typed into Chromium's en-US date input: month, day, year. */
const typedDate = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}${d.getUTCFullYear()}`;

/** Presses Enter on the focused pay button; the checkout it goes to, in the same tab (issue 34), or what the page says instead. */
async function checkoutTab(context: BrowserContext, page: Page): Promise<Page> {
  await page.keyboard.press('Enter');
  await page.waitForURL('**/local/checkout/**', { timeout: 15_000 }).catch(async () => {
    throw new Error(`No checkout opened; the page says: ${(await page.locator('.alert, [role="alert"], [role="status"]').allTextContents()).join(' | ')}`);
  });
  expect(context.pages()).toHaveLength(1);
  return page;
}

/** Pays on the local checkout tab by keyboard; resolves when it is back on the site. */
async function payByKeyboard(checkout: Page, email: string) {
  await checkout.waitForURL('**/local/checkout/**');
  await checkout.bringToFront();
  await tabTo(checkout, /^Email/);
  await checkout.keyboard.press('ControlOrMeta+A');
  await checkout.keyboard.type(email);
  await tabTo(checkout, /^Pay \$/);
  // Paid: the checkout sends the tab on to the page's success address (the site, or the clinic's own
  // page that a booking package names, which does not resolve here).
  const leaving = checkout.waitForRequest((r) => r.isNavigationRequest() && !new URL(r.url()).pathname.startsWith('/local/checkout'));
  await checkout.keyboard.press('Enter');
  await leaving;
}

let browser: Browser;
let data: A11yFixture;
let context: BrowserContext | undefined;
let errors: string[] = [];

/** A fresh profile for one flow (closed, with a check for page errors, after the test). */
async function open(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const fresh = await newContext(browser, { width, height: width < 600 ? 844 : 800 });
  // Without transitions the focus ring is measured as it ends, not mid-fade.
  await fresh.page.emulateMedia({ reducedMotion: 'reduce' });
  // :focus matches only in the window that has the focus.
  await fresh.page.bringToFront();
  ({ context, errors } = fresh);
  return fresh;
}

beforeAll(async () => {
  browser = await launch();
  data = await a11yFixture();
}, 60_000);
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
});

/** The public write's proof-of-work check (issue 28) is done (it says nothing then, issue 34); nothing to press or read. */
const checked = (page: Page) => page.locator('.challenge-status[role="status"][data-state="ready"]').waitFor({ state: 'attached' });

/** The write (waited for as `sent`) carried the solution. */
async function expectSolution(sent: Promise<Request>) {
  expect((await sent).headers()['x-challenge']).toMatch(/^[A-Za-z0-9_-]{200,}$/);
}

const writeTo = (page: Page, path: string) => page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api${path}` && r.postData() !== null, { timeout: 60_000 });

// On a desktop and on a phone (390 px): the same flows, with the connection check.
for (const width of [1280, 390]) describe(`the public flows by keyboard alone, ${width} px`, () => {
  it('books a paid time: package, date, a free time, details, an empty submit first, then the checkout', { timeout: 120_000 }, async () => {
    const { context, page } = await open(width);
    await page.goto(appUrl(`/booking/${data.apiKey}`));
    await page.getByRole('heading', { level: 1, name: 'Booking' }).waitFor();
    // The connection check starts with the first key (issue 36): waited for once the details are typed.

    // An empty Continue: the errors are announced and each field points at its message.
    await tabTo(page, /^Continue$/);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await expectLinkedErrors(page, 'form', ['Package', 'First Name', 'Last Name', 'Email', 'Phone Number']);
    // The date is chosen in the month view (no raw date field): the list of errors describes it.
    expect(await page.getByRole('region', { name: 'Free days' }).getAttribute('aria-describedby')).toBe(await page.getByRole('alert').getAttribute('id'));

    // Back up to the package (Shift+Tab) and choose one with the arrow keys.
    await tabTo(page, /^Package$/, { back: true });
    await page.keyboard.press('ArrowDown');
    await page.getByRole('region', { name: 'Package details' }).waitFor();
    // The month view's free days have arrived.
    await page.getByText('Days with free times can be chosen; the others are full or closed.').waitFor();
    // The page's order (issue 25): the month view, the free times, then the details. The date is picked
    // in the month view: Tab to its day (the first free one), an arrow key to the next free one, Enter.
    await tabTo(page, /^\w+day, \w+ \d{1,2}: \d+ free time/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('region', { name: 'Free days' }).locator('button[aria-pressed="true"]').count()).toBe(1);

    // The free times: buttons at least 24 x 24 px, one chosen with Space.
    const times = page.getByRole('region', { name: 'Available times' });
    await times.getByRole('button').first().waitFor();
    const slot = await tabTo(page, /^\d{1,2}:\d\d/);
    expect(slot.width).toBeGreaterThanOrEqual(24);
    expect(slot.height).toBeGreaterThanOrEqual(24);
    for (const box of await times.getByRole('button').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))) {
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
    await page.keyboard.press('Space');
    await expect.poll(() => times.getByRole('button', { pressed: true }).count()).toBe(1);

    await tabTo(page, /^First Name$/);
    await page.keyboard.type('Kay');
    await tabTo(page, /^Last Name$/);
    await page.keyboard.type('Board');
    const visitor = uniqueEmail('keyboard-booking');
    await tabTo(page, /^Email$/);
    await page.keyboard.type(visitor);
    await tabTo(page, /^Phone Number$/);
    // A number of their own: the clinic's seeded booking waiting for payment has +15551234567, and one
    // patient (email or phone) holds one unpaid booking at a time (issue 28).
    await page.keyboard.type(`+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);

    await checked(page);
    await tabTo(page, /^Continue$/);
    const sent = writeTo(page, '/bookings/create-booking');
    const checkout = await checkoutTab(context, page);
    await expectSolution(sent);
    await payByKeyboard(checkout, visitor);
    // Paid and confirmed: the confirmation (with its calendar invitation) is mailed.
    await expect.poll(() => mailCount(visitor), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('fills a form with packages in its modal: focus trapped and returned, errors linked, then pays', { timeout: 120_000 }, async () => {
    const { context, page } = await open(width);
    await page.goto(appUrl(`/form-builder/public/${data.cardsForm}/${data.apiKey}`));
    await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();

    // The second package's Select: the first Select is skipped by name.
    await tabTo(page, /^Select$/);
    const opener = await tabTo(page, /^Select$/);
    expect(opener.inDialog).toBe(false);
    expect(Math.min(opener.width, opener.height)).toBeGreaterThanOrEqual(24);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Package: Follow-up visit').waitFor();
    await expect.poll(async () => (await focused(page))?.inDialog).toBe(true);

    // Focus stays in the modal however far one tabs, forwards and back.
    for (const back of [false, true]) {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        const now = await focused(page);
        expect(now?.inDialog, `focus left the modal after ${i + 1} ${back ? 'Shift+Tab' : 'Tab'}: ${now?.name ?? 'body'}`).toBe(true);
        expect(now?.ring, `"${now?.name}" shows no focus (${now?.style})`).toBe(true);
      }
    }

    // An empty Pay Now: announced, linked to the fields.
    await tabTo(page, /^Pay Now$/);
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').first().waitFor();
    await expectLinkedErrors(page, '[role="dialog"]', ['Full name', 'Email']);

    // Escape closes the modal and gives the focus back to the Select that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page))?.name).toBe('Select');
    const back = await page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-label'));
    expect(back).toBe('Follow-up visit');

    // Open it again and fill it: text by typing, the checkbox with Space.
    await page.keyboard.press('Enter');
    await dialog.getByText('Package: Follow-up visit').waitFor();
    await tabTo(page, /^Full name$/);
    await page.keyboard.type('Kay Board');
    const payer = uniqueEmail('keyboard-form');
    await tabTo(page, /^Email$/);
    await page.keyboard.type(payer);
    const consent = await tabTo(page, /^Consent$/);
    expect(consent.type).toBe('checkbox');
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('checkbox', { name: 'Consent' }).isChecked()).toBe(true);
    await checked(page);
    await tabTo(page, /^Pay Now$/);
    const sent = writeTo(page, `/form-builder/form/${data.cardsForm}/submissions`);
    const checkout = await checkoutTab(context, page);
    await expectSolution(sent);
    await payByKeyboard(checkout, payer);
    await checkout.getByText('Thank you for your payment. A receipt is on its way to your email.').waitFor();
  });

  it('requests an appointment: an empty submit first, then every required field by keyboard', { timeout: 120_000 }, async () => {
    const { page } = await open(width);
    await page.goto(appUrl(`/room-integration/${data.apiKey}`));
    await page.getByRole('heading', { level: 1, name: 'Request an appointment' }).waitFor();

    await tabTo(page, /^Send request$/, { max: 80 });
    await page.keyboard.press('Enter');
    await page.getByRole('alert').first().waitFor();
    await expectLinkedErrors(page, 'form', ['First name', 'Last name', 'Email', 'Phone number', 'Booking date', 'Booking time']);

    await tabTo(page, /^First name$/, { back: true, max: 80 });
    await page.keyboard.type('Kay');
    await tabTo(page, /^Last name$/);
    await page.keyboard.type('Board');
    await tabTo(page, /^Email$/);
    await page.keyboard.type(uniqueEmail('keyboard-request'));
    await tabTo(page, /^Phone number$/);
    await page.keyboard.type('+15551234567');
    await tabTo(page, /^Booking date$/);
    await page.keyboard.type(typedDate(dayAhead(8)));
    await tabTo(page, /^Booking time$/);
    // Hours, minutes, then AM/PM: 10:30 AM.
    await page.keyboard.type('1030A');
    await tabTo(page, /^Appointment type$/);
    await page.keyboard.press('ArrowDown');
    await checked(page);
    await tabTo(page, /^Send request$/);
    const sent = writeTo(page, '/public/appointments/book-custom');
    await page.keyboard.press('Enter');
    // The request's own notice (not the connection check's line).
    await page.locator('[role="status"]:not(.challenge-status)').filter({ hasText: /./ }).first().waitFor();
    await expectSolution(sent);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
