// The webhook events of appointments (functions/data/webhooks.ts): appointment.requested (the public
// request page) and appointment.status_changed. The object is what staff see of the appointment, less
// internal ids (its customer record, the member who made or holds it) and the storage keys of its files.
import type { AppointmentEventObject } from '#shared/webhooks/schemas';
import type { WebhookEventType } from '#shared/webhooks/events';
import type { Appointment } from '../../data/appointments';
import type { TransactItem } from '../../data/core';
import { webhookEventItems } from '../../data/webhooks';

export function appointmentObject(a: Appointment, previousStatus?: string): AppointmentEventObject {
  return {
    object: 'appointment',
    id: a.id,
    status: a.status,
    ...(previousStatus ? { previousStatus } : {}),
    source: a.source,
    firstName: a.firstName,
    lastName: a.lastName,
    gender: a.gender,
    email: a.email,
    phone: a.phone,
    dob: a.dob,
    bookingDate: a.bookingDate,
    bookingTime: a.bookingTime,
    preferredLocation: a.preferredLocation,
    reasonOfAppointment: a.reasonOfAppointment,
    primaryInsurance: a.primaryInsurance,
    insuranceMemberId: a.insuranceMemberId,
    additionalNotes: a.additionalNotes,
    appointmentType: a.appointmentType,
    attachmentCount: Object.values(a.attachments ?? {}).filter(Boolean).length,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** The event of an appointment's change; `changeKey` names the change (with its version), so it is written once. */
export const appointmentEventItems = (type: WebhookEventType, a: Appointment, changeKey: string, at: string, previousStatus?: string): Promise<TransactItem[]> =>
  webhookEventItems({ orgId: a.orgId, type, changeKey, objectKey: `appointment:${a.id}`, object: appointmentObject(a, previousStatus), at });
