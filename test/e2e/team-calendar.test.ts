// The team's day in Chromium (issue 34, point 3), at a laptop's 1366 px and a phone's 390 px. A Berlin
// clinic whose own slots are 50 minutes from 05:40 has Ana (mornings and afternoons from 13:30) and
// Jonas Weber (afternoons from 13:30), both offering a 50-minute Physio. Staff drag Ana's booking into
// Jonas's column near 2:30 PM (a start he offers, not one of the clinic's slots), confirm, and see it in
// his column; a drop at 2:50 PM (not offered) goes back with the reason and nothing is asked. On a phone
// the day shows one practitioner at a time with a switcher (names in full): the booking is dragged to
// Ana's 1:30 PM, handed to Jonas in the move dialog, and a drop on a time not offered is refused the same
// way. The "Team" button is in place from the first paint (the "Day" button never moves), the list view
// shows the coming days on a Saturday, and the week starts on Monday (Berlin).
import type { Browser, Locator, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, uniqueEmail } from './browser';
import { call, newClinicOwner, signIn } from './owner-with-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ZONE = 'Europe/Berlin';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const every = (...hours: { start: string; end: string }[]) => Object.fromEntries(WEEK.map((d) => [d, hours]));

async function berlinClinic(tag: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Physio`, legalName: `${tag} Physio GmbH`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+4915123456789', timeZone: ZONE }, { phoneNumber: '+4915123456789' });
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours: every({ start: '05:40', end: '20:00' }), slotMinutes: 50, capacity: 1, closedDates: [], maxDaysAhead: 60 } });
  const ana = await call('POST', '/practitioners', { token, body: { name: 'Ana Ruiz', title: 'Physiotherapist', color: '#1f77b4', weeklyHours: every({ start: '08:00', end: '12:00' }, { start: '13:30', end: '18:00' }) } });
  const jonas = await call('POST', '/practitioners', { token, body: { name: 'Jonas Weber', title: 'Osteopath', color: '#d62728', weeklyHours: every({ start: '13:30', end: '18:00' }) } });
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Physio', packagePrice: 60, durationMinutes: 50, bufferAfterMinutes: 10, practitionerIds: [ana.id, jonas.id] } });
  const integration = await call('GET', '/organization/integration', { token });
  return { token, apiKey: integration.apiKey as string, packageId: pkg.id as string, ana: ana as { id: string }, jonas: jonas as { id: string } };
}

type Clinic = Awaited<ReturnType<typeof berlinClinic>>;

/** A booking with Ana at 09:00, paid on the local checkout (confirmed). */
async function paidBooking(clinic: Clinic, date: string, firstName: string) {
  const email = uniqueEmail('visitor');
  const held = await call('POST', '/bookings/create-booking', {
    body: { apiKey: clinic.apiKey, packageId: clinic.packageId, practitionerId: clinic.ana.id, firstName, lastName: 'Visitor', email, phoneNumber: '+4915123456780', bookingDate: date, bookingTime: '09:00' },
  });
  await fetch(`${held.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }).toString(), redirect: 'manual' });
  await expect.poll(async () => (await call('GET', `/bookings/booking/${held.bookingId}`, { token: clinic.token })).status, { timeout: 15_000 }).toBe('confirmed');
  return held.bookingId as string;
}

/** Where local `time` is on the grid (the 15-minute line holding it, and down into it). */
async function yOf(page: Page, time: string) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const line = `${String(h).padStart(2, '0')}:${String(m - (m % 15)).padStart(2, '0')}:00`;
  const lane = (await page.locator(`.calendar-slot[data-time="${line}"]`).boundingBox())!;
  return lane.y + (lane.height * (m % 15)) / 15;
}

/** '2:20' of a mirror's '2:20 - 3:10' (FullCalendar's short time, without am/pm). */
const clock = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')}`;
};

/**
 * Drags `event` (at `from`) onto `column` at local `to` as a person does: towards the time, then up or
 * down until the dragged copy says that time (a 5-minute step at a time), then lets go.
 */
async function dragTo(page: Page, event: Locator, from: string, column: Locator, to: string) {
  const box = (await event.boundingBox())!;
  const grab = (await yOf(page, from)) + 3;
  const target = (await column.boundingBox())!;
  const x = target.x + target.width / 2;
  const lane = (await page.locator('.calendar-slot').first().boundingBox())!;
  const perMinute = lane.height / 15;
  let y = (await yOf(page, to)) + 3;
  await page.mouse.move(box.x + box.width / 2, grab);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, grab + 12, { steps: 4 });
  await page.mouse.move(x, y, { steps: 20 });
  const [h, m] = to.split(':').map(Number) as [number, number];
  for (let i = 0; i < 4; i++) {
    const shown = /^(\d{1,2}):(\d\d)/.exec((await page.locator('.calendar-event-mirror .calendar-event-time').textContent()) ?? '');
    if (!shown || `${shown[1]}:${shown[2]}` === clock(to)) break;
    const at = (Number(shown[1]) % 12) * 60 + Number(shown[2]);
    const off = at - ((h % 12) * 60 + m);
    y -= off * perMinute;
    await page.mouse.move(x, y, { steps: 3 });
  }
  await page.waitForTimeout(100);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/dragging-to-${to.replace(':', '')}.png` });
  await page.mouse.up();
}

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
};

describe("the team's day moves bookings (issue 34)", () => {
  // Three days ahead and the day after, clear of the booking page's notice.
  const day = (n: number) => DateTime.now().setZone(ZONE).plus({ days: 3 + n }).toISODate()!;
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await berlinClinic('teamcal');
  });

  it('at 1366 px: a drop in Jonas\'s column at 2:50 PM goes back with the reason, nothing asked; at 2:30 PM it is confirmed and moved to him', async () => {
    const bookingId = await paidBooking(clinic, day(0), 'Vera');
    const { context, page, errors } = await newContext(browser, { width: 1366, height: 1500 });
    await signIn(context, clinic.token);
    // Where the "Day" button is at each frame of the load: the "Team" button must not push it.
    await page.addInitScript(() => {
      const seen: number[] = ((window as unknown as { dayX: number[] }).dayX = []);
      const watch = () => {
        const day = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Day');
        if (day) seen.push(Math.round(day.getBoundingClientRect().x));
        if (seen.length < 400) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(appUrl(`/calendar?view=team&date=${day(0)}`));
    const ana = page.getByRole('cell', { name: 'Ana Ruiz' });
    const jonas = page.getByRole('cell', { name: 'Jonas Weber' });
    const vera = ana.locator('.calendar-event', { hasText: 'Vera Visitor' });
    await vera.waitFor({ timeout: 15_000 });
    await jonas.waitFor();
    expect(new Set(await page.evaluate(() => (window as unknown as { dayX: number[] }).dayX)).size).toBe(1);
    // Two named columns and nothing between them; hours on the axis, not the clinic's 50-minute slots.
    expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Ana RuizPhysiotherapist', 'Jonas WeberOsteopath']);
    await page.locator('.calendar-slot-label[data-time="14:00:00"]').getByText(/^2\s?(PM|pm)$/).waitFor();
    expect(await page.locator('.calendar-slot[data-time="14:15:00"]').count()).toBeGreaterThan(0);
    // Vera's booking wears Ana's blue.
    expect(await vera.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(31, 119, 180)');
    await shot(page, 'team-1366-before');

    // 2:50 PM is not one of Jonas's starts (1:30, 2:30, 3:30...: an hour each, the visit and its buffer):
    // the reason, nothing asked, nothing moved.
    await dragTo(page, vera, '09:00', jonas, '14:50');
    const refusal = page.getByRole('alert').filter({ hasText: 'does not offer' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Jonas Weber does not offer 2:50\sPM for this booking\. Free times nearby: 1:30\sPM, 2:30\sPM, 3:30\sPM\. Nothing was moved\.$/);
    await shot(page, 'team-1366-refused');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await vera.getByText(/^9:00/).waitFor();
    expect(await call('GET', `/bookings/booking/${bookingId}`, { token: clinic.token })).toMatchObject({ bookingTime: '09:00', practitionerId: clinic.ana.id });

    // 2:30 PM is: asked, confirmed, moved to him.
    await dragTo(page, vera, '09:00', jonas, '14:30');
    const dialog = page.getByRole('dialog', { name: 'Move this paid booking?' });
    await dialog.getByText(/2:30\sPM/).waitFor();
    await dialog.getByText('Jonas Weber').waitFor();
    await shot(page, 'team-1366-confirm');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.waitFor({ state: 'detached' });
    await jonas.locator('.calendar-event', { hasText: 'Vera Visitor' }).getByText(/^2:30/).waitFor();
    expect(await ana.locator('.calendar-event', { hasText: 'Vera Visitor' }).count()).toBe(0);
    expect(await call('GET', `/bookings/booking/${bookingId}`, { token: clinic.token })).toMatchObject({ bookingTime: '14:30', practitionerId: clinic.jonas.id, status: 'confirmed' });
    await shot(page, 'team-1366-moved');

    // The week starts on Monday in Berlin.
    await page.goto(appUrl(`/calendar?view=week&date=${day(0)}`));
    await page.locator('.calendar-day-head[data-date]').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.calendar-day-head[data-date]').first().textContent()).toMatch(/^Mon/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 390 px: one practitioner at a time with a switcher; drag to Ana\'s 1:30 PM, hand it to Jonas in the dialog; a time not offered is refused', async () => {
    const bookingId = await paidBooking(clinic, day(1), 'Walt');
    const { context, page, errors } = await newContext(browser, { width: 390, height: 1500 });
    await signIn(context, clinic.token);
    await page.goto(appUrl(`/calendar?view=team&date=${day(1)}`));
    const switcher = page.getByRole('group', { name: 'Practitioner shown' });
    await switcher.getByRole('button', { name: 'Jonas Weber' }).waitFor({ timeout: 15_000 });
    expect(await switcher.getByRole('button', { name: 'Ana Ruiz' }).getAttribute('aria-pressed')).toBe('true');
    // One column, its name in full, and nothing wider than the phone.
    expect(await page.locator('[role="cell"][aria-label]').count()).toBe(1);
    const ana = page.getByRole('cell', { name: 'Ana Ruiz' });
    const walt = ana.locator('.calendar-event', { hasText: 'Walt Visitor' });
    await walt.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'team-390-before');

    // A drop at 12:50 (Ana's lunch, not offered): the reason, nothing asked.
    await dragTo(page, walt, '09:00', ana, '12:50');
    const refusal = page.getByRole('alert').filter({ hasText: 'does not offer' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Ana Ruiz does not offer 12:50\sPM for this booking\./);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Near her 1:30 PM: snapped to it, then confirmed.
    await dragTo(page, walt, '09:00', ana, '13:35');
    const confirm = page.getByRole('dialog', { name: 'Move this paid booking?' });
    await confirm.getByText(/1:30\sPM/).waitFor();
    await shot(page, 'team-390-confirm');
    await confirm.getByRole('button', { name: 'Move' }).click();
    await confirm.waitFor({ state: 'detached' });
    await ana.locator('.calendar-event', { hasText: 'Walt Visitor' }).getByText(/^1:30/).waitFor();

    // Handed to Jonas in the dialog: his free times, then his column in the switcher.
    await ana.locator('.calendar-event', { hasText: 'Walt Visitor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Practitioner').selectOption({ label: 'Jonas Weber' });
    await dialog.getByText('3:30 PM', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.waitFor({ state: 'detached' });
    await switcher.getByRole('button', { name: 'Jonas Weber' }).click();
    await page.getByRole('cell', { name: 'Jonas Weber' }).locator('.calendar-event', { hasText: 'Walt Visitor' }).getByText(/^3:30/).waitFor();
    await shot(page, 'team-390-jonas');
    expect(await call('GET', `/bookings/booking/${bookingId}`, { token: clinic.token })).toMatchObject({ bookingTime: '15:30', practitionerId: clinic.jonas.id });

    // The list on a Saturday: that day and the days after it, not the week gone by.
    const saturday = DateTime.fromISO(day(1)).plus({ weeks: 1 }).set({ weekday: 6 }).toISODate()!;
    const monday = DateTime.fromISO(saturday).plus({ days: 2 });
    await call('POST', `/bookings/booking/${bookingId}/move`, { token: clinic.token, body: { bookingDate: monday.toISODate(), bookingTime: '15:30', notify: false } });
    await page.goto(appUrl(`/calendar?view=list&date=${saturday}`));
    await page.getByText('Walt Visitor').waitFor({ timeout: 15_000 });
    expect(await page.getByText('Nothing in these seven days.').count()).toBe(0);
    await shot(page, 'team-390-list');
    expect(errors).toEqual([]);
    await context.close();
  });
});
