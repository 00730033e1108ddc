// Whether a row of a console list is in use (a service, a booking package, a practitioner).
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <span className="badge bg-success-subtle text-success-emphasis">Active</span> : <span className="badge bg-secondary-subtle text-secondary-emphasis">Inactive</span>;
}
