// The practitioners a package may name: this organisation's, not deleted. An unknown id is the
// client's mistake (400), never silently kept.
import { PRACTITIONER_MESSAGES } from '#shared/schemas/practitioners';
import { badRequest } from '#lib/errors';
import { listPractitioners } from '../../data/practitioners';

export async function knownPractitioners(orgId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const known = new Set((await listPractitioners(orgId)).map((p) => p.id));
  if (unique.some((id) => !known.has(id))) throw badRequest(PRACTITIONER_MESSAGES.unknownPractitioner, { practitionerIds: PRACTITIONER_MESSAGES.unknownPractitioner });
  return unique;
}
