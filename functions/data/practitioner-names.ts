// Who a booking or appointment is with, by name, for what names them (mails, reminders, the manage
// page, calendar feeds): the name it carries, else its practitioner's (data/practitioners.ts).
import { getPractitioner } from './practitioners';

// The practitioner's name; undefined when the organisation has no such practitioner.
export async function practitionerNameFor(orgId: string, id: string): Promise<string | undefined> {
  return (await getPractitioner(orgId, id))?.name.trim() || undefined;
}

/**
 * Who an appointment (or booking) is with: the name it carries, else the name of the practitioner it
 * names, else null (none).
 */
export async function practitionerOf(r: { orgId: string; practitionerId?: string | null; practitionerName?: string | null }): Promise<string | null> {
  if (r.practitionerName?.trim()) return r.practitionerName.trim();
  return r.practitionerId ? ((await practitionerNameFor(r.orgId, r.practitionerId)) ?? null) : null;
}
