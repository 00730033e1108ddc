// The practitioners a package may name: this organisation's, not deleted. An unknown id is the
// client's mistake (400), never silently kept; a deleted practitioner's id (a form opened before the
// deletion) is dropped.
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { badRequest } from '#lib/errors';
import { listPractitioners } from '../../data/practitioners';

export async function knownPractitioners(orgId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const all = await listPractitioners(orgId, true);
  const live = new Set(all.filter((p) => !p.deletedAt).map((p) => p.id));
  const deleted = new Set(all.filter((p) => p.deletedAt).map((p) => p.id));
  if (unique.some((id) => !live.has(id) && !deleted.has(id))) throw badRequest(PRACTITIONER_MESSAGES.unknownPractitioner, { practitionerIds: PRACTITIONER_MESSAGES.unknownPractitioner });
  return unique.filter((id) => live.has(id));
}
