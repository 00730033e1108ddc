// Why a time cannot be booked (or a booking moved to it), as the field and the message the person sees.
import type { SlotRefusal } from '#shared/bookings/slots';
import { BOOKING_MESSAGES } from '#shared/bookings/form';

export const SLOT_REFUSALS: Record<SlotRefusal, [field: 'bookingDate' | 'bookingTime', message: string]> = {
  'invalid-date': ['bookingDate', BOOKING_MESSAGES.dateFormat],
  'invalid-time': ['bookingTime', BOOKING_MESSAGES.timeFormat],
  'past-date': ['bookingDate', 'Booking date cannot be in the past. Please choose today or a later date.'],
  'too-far': ['bookingDate', 'That date is too far ahead. Please choose an earlier date.'],
  closed: ['bookingDate', 'The clinic is closed on that day. Please choose another date.'],
  'not-offered': ['bookingTime', 'That time is not offered. Please choose one of the available times.'],
  'time-passed': ['bookingTime', 'That time has already passed. Please choose a later time.'],
};
