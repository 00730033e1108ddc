// One move of a confirmed booking to a requested time, for staff (the calendar, bookings/move-booking.ts)
// and for the patient (their manage link, manage/reschedule-booking.ts) alike: the booking page's own
// slot rules, the new place taken before the old one is freed (places.ts moveConfirmed), and with the
// move, in its transaction, the visitor's mail with the updated .ics (same UID, SEQUENCE + 1) and a
// fresh manage link, the reminder for the new time, and what the caller adds (audit entry, notices).
import { findSlot, type AvailabilityRules } from '#shared/bookings/slots';
import { CALENDAR_MESSAGES } from '#shared/calendar/schemas';
import { HttpError, badRequest, conflict } from '#lib/errors';
import type { BookingRecord } from '../../data/bookings';
import { cancellationCodes, type TransactItem } from '../../data/core';
import type { Organization } from '../../data/organizations';
import { outboxMail } from '../../data/outbox';
import { bookingRowId, clinicOf, movedMail } from './mail';
import { manageLink } from './manage-link';
import { moveConfirmed, type NewTime } from './places';
import { findPractitionerTime } from '#domain/practitioners/choose-practitioner';
import { bookingTiming } from '#domain/availability/diary';
import { getBookingPackage } from '../../data/booking-packages';
import { getPractitioner } from '../../data/practitioners';
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { SLOT_REFUSALS } from './refusals';
import { bookingReminderItems } from './reminder';

export interface MoveRequest {
  bookingDate: string;
  bookingTime: string;
  /** Staff may move a practitioner booking to another practitioner who offers its package. */
  practitionerId?: string;
}

/**
 * Where a booking may move: a practitioner booking to a free start of its practitioner (or the one
 * named) for its own length and buffers, its own time counting as free; else the clinic-wide slot.
 */
async function newTimeOf(booking: BookingRecord, rules: AvailabilityRules, request: MoveRequest, now: Date): Promise<NewTime> {
  if (!booking.practitionerId) {
    if (request.practitionerId) throw badRequest(PRACTITIONER_MESSAGES.unknownPractitioner, { practitionerId: PRACTITIONER_MESSAGES.unknownPractitioner });
    const found = findSlot(rules, request.bookingDate, request.bookingTime, now);
    if ('refusal' in found) {
      const [field, message] = SLOT_REFUSALS[found.refusal];
      throw badRequest(message, { [field]: message });
    }
    return { ...found.slot, date: request.bookingDate, timeZone: rules.timeZone, durationMinutes: rules.slotMinutes };
  }
  const pkg = await getBookingPackage(booking.orgId, booking.packageId);
  const targetId = request.practitionerId ?? booking.practitionerId;
  const target = await getPractitioner(booking.orgId, targetId);
  // Another practitioner must offer the package; the booking's own may stay even if it no longer does.
  if (!target || target.deletedAt) throw badRequest(PRACTITIONER_MESSAGES.unknownPractitioner, { practitionerId: PRACTITIONER_MESSAGES.unknownPractitioner });
  const allowed = targetId === booking.practitionerId || (target.isActive && pkg?.practitionerIds?.includes(targetId));
  if (!allowed) {
    // Said plainly: staff dropped it on someone's column who does not take this package.
    const message = PRACTITIONER_MESSAGES.doesNotOffer(target.name, pkg?.packageName ?? booking.packageName);
    throw badRequest(message, { practitionerId: message });
  }
  const timing = bookingTiming(booking, pkg, rules);
  const found = await findPractitionerTime({ id: booking.orgId }, rules, timing, [target], request.bookingDate, request.bookingTime, now, `booking:${booking.id}`);
  if (!found.candidates.length) throw conflict(CALENDAR_MESSAGES.full);
  return { ...found.slot, date: request.bookingDate, timeZone: rules.timeZone, durationMinutes: timing.durationMinutes, practitionerId: target.id, practitionerName: target.name };
}

/**
 * Moves `booking` to the requested time, or throws the refusal (400 for a time the booking page would
 * not offer or the same time, 409 when it is full). 'state' when the booking changed meanwhile: the
 * caller reads it again and decides anew.
 */
export async function moveToRequestedTime(
  booking: BookingRecord,
  org: Organization | undefined,
  rules: AvailabilityRules,
  request: MoveRequest,
  options: { movedBy?: string; also: (moved: BookingRecord, at: string) => TransactItem[]; /** false: no mail (nor a new manage link) to the visitor. */ mail?: boolean },
  now = new Date(),
): Promise<{ outcome: 'moved' | 'state'; moved: BookingRecord }> {
  const slot = await newTimeOf(booking, rules, request, now);
  const samePerson = (slot.practitionerId ?? null) === (booking.practitionerId ?? null);
  if (slot.startUtc === booking.startUtc && samePerson) throw badRequest(CALENDAR_MESSAGES.sameTime, { bookingTime: CALENDAR_MESSAGES.sameTime });

  const at = now.toISOString();
  const moved: BookingRecord = {
    ...booking,
    bookingDate: request.bookingDate, bookingTime: slot.time, timeZone: rules.timeZone, startUtc: slot.startUtc, endUtc: slot.endUtc,
    durationMinutes: slot.durationMinutes, sequence: (booking.sequence ?? 0) + 1, updatedAt: at,
    ...(slot.practitionerId ? { practitionerId: slot.practitionerId, practitionerName: slot.practitionerName ?? null } : {}),
  };
  const manage = manageLink(moved, org);
  let outcome: Awaited<ReturnType<typeof moveConfirmed>>;
  try {
    outcome = await moveConfirmed(
      booking,
      slot,
      rules.capacity,
      at,
      [
        ...(options.mail === false
          ? []
          : [manage.item, outboxMail(bookingRowId(`moved-${moved.sequence}`, booking), movedMail(moved, booking, clinicOf(org), manage.text, options.movedBy), booking.orgId)]),
        // The reminder follows the booking to its new time (the old one's is replaced).
        ...bookingReminderItems(moved, org),
        ...options.also(moved, at),
      ],
      now,
    );
  } catch (error) {
    if (cancellationCodes(error).includes('TransactionConflict')) {
      throw new HttpError(503, 'Many changes are being made to this time right now. Please try again in a moment.', undefined, { 'Retry-After': '1' });
    }
    throw error;
  }
  if (outcome === 'full') throw conflict(CALENDAR_MESSAGES.full);
  return { outcome, moved };
}
