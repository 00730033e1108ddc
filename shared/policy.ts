// The clinic's choices for reminders and for patients changing their own bookings (organisation
// settings, edited in the organisation profile). No schema code here: the functions that read it stay small.

/**
 * What the clinic chose for reminders and for patients changing their own bookings; each absent
 * field takes its default (DEFAULT_POLICY).
 */
export interface PatientPolicy {
  /** Hours before the start a reminder goes out; 0: no reminders. */
  reminderHours: number;
  /** Reminders also by SMS to patients who gave a phone number. */
  reminderSms: boolean;
  /** Patients may cancel or reschedule until this many hours before the start. */
  cancellationCutoffHours: number;
  /** What a patient's own cancellation of a paid booking refunds. */
  cancellationRefund: 'full' | 'none';
}

export const DEFAULT_POLICY: PatientPolicy = { reminderHours: 24, reminderSms: false, cancellationCutoffHours: 24, cancellationRefund: 'full' };

export const policyOf = (org: Partial<PatientPolicy>): PatientPolicy => ({
  reminderHours: org.reminderHours ?? DEFAULT_POLICY.reminderHours,
  reminderSms: org.reminderSms ?? DEFAULT_POLICY.reminderSms,
  cancellationCutoffHours: org.cancellationCutoffHours ?? DEFAULT_POLICY.cancellationCutoffHours,
  cancellationRefund: org.cancellationRefund ?? DEFAULT_POLICY.cancellationRefund,
});

