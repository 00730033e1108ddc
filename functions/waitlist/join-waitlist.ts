// POST /waitlist/join (public): a patient who found no time for a package asks to be told when one
// frees up: their contact, the weekdays and hours that suit them (the clinic's local times), until when.
// The booking page's abuse rules apply: its proof-of-work challenge, a rate limit per address, and at
// most MAX_ENTRIES_PER_EMAIL lists per address at one clinic (joining the same list again answers the
// entry there). A mail confirms it, with the link to leave. Idempotent by its Idempotency-Key.
import { badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { todayIn } from '#shared/bookings/time';
import { joinWaitlistReply, joinWaitlistSchema, WAITLIST_MAX_DAYS, WAITLIST_MESSAGES } from '#shared/waitlist/schemas';
import { getAvailability, rulesOf } from '../data/availability';
import { getBookingPackage } from '../data/booking-packages';
import { transact } from '../data/core';
import { outboxMail } from '../data/outbox';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { getPractitioner } from '../data/practitioners';
import { listWaitingOf, MAX_ENTRIES_PER_EMAIL, putEntryItem, tokenHash, type WaitlistEntry } from '../data/waitlist';
import { PACKAGE_UNAVAILABLE, UNKNOWN_BOOKING_PAGE } from '#domain/bookings/views';
import { joinedMail, waitlistLink } from '#domain/waitlist/mail';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const handler = endpoint({ body: joinWaitlistSchema, reply: joinWaitlistReply }, async ({ body, newId, newSecret }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_BOOKING_PAGE);
  const pkg = await getBookingPackage(org.id, body.packageId);
  if (!pkg || !pkg.isActive || pkg.deletedAt) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });
  const chosen = body.practitionerId && body.practitionerId !== 'any' ? body.practitionerId : null;
  const practitioner = chosen && (pkg.practitionerIds ?? []).includes(chosen) ? await getPractitioner(org.id, chosen) : undefined;
  if (chosen && !practitioner) throw badRequest('Please choose a practitioner', { practitionerId: 'Please choose a practitioner' });

  const rules = rulesOf(await getAvailability(org.id), org.timeZone);
  const today = todayIn(rules.timeZone);
  if (body.until < today) throw badRequest(WAITLIST_MESSAGES.until, { until: WAITLIST_MESSAGES.until });
  if (body.until > addDays(today, WAITLIST_MAX_DAYS)) throw badRequest(WAITLIST_MESSAGES.untilFar, { until: WAITLIST_MESSAGES.untilFar });

  const waiting = await listWaitingOf(org.id, body.email);
  const same = waiting.find((e) => e.packageId === pkg.id && e.practitionerId === chosen);
  if (same) return { status: 200, message: 'You are already on this waitlist.', data: { entryId: same.id, until: same.until } };
  if (waiting.length >= MAX_ENTRIES_PER_EMAIL) throw conflict(WAITLIST_MESSAGES.tooMany);

  const now = new Date().toISOString();
  const entry: WaitlistEntry = {
    id: newId('waitlist'), orgId: org.id, status: 'waiting', packageId: pkg.id, packageName: pkg.packageName, practitionerId: chosen, practitionerName: practitioner?.name ?? null,
    firstName: body.firstName, lastName: body.lastName, email: body.email, phoneNumber: body.phoneNumber, locale: body.locale ?? org.defaultLanguage ?? null,
    days: [...new Set(body.days)].sort(), fromTime: body.fromTime, toTime: body.toTime, until: body.until, offersMade: 0, createdAt: now, updatedAt: now,
  };
  const token = newSecret('waitlist-leave');
  const mail = joinedMail(entry, org.name, waitlistLink(org.apiKey, 'leave', entry.id, token, entry.locale));
  // A typed address: its mails count against its daily cap (data/mail-guard.ts).
  await transact([putEntryItem(entry, tokenHash(token)), outboxMail(`waitlist-joined-${org.id}-${entry.id}`, mail, org.id, true)]);
  return { status: 201, message: 'You are on the waitlist. We will write to you when a time frees up.', data: { entryId: entry.id, until: entry.until } };
});
