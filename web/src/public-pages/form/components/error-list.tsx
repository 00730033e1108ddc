// The list of what to correct, above the form's button (or above the package cards for the package).
import type { Issue } from '#shared/forms/validate';

export function ErrorList({ issues }: { issues: Issue[] }) {
  if (issues.length === 0) return null;
  return (
    <div className="alert alert-danger py-2" role="alert">
      <ul className="mb-0 ps-3">
        {issues.map((issue, i) => (
          <li key={`${issue.key}-${i}`}>{issue.message}</li>
        ))}
      </ul>
    </div>
  );
}
