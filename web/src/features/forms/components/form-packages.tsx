// The form builder's packages: which of the clinic's packages the form offers, and which is chosen when
// the public page loads (when it offers more than one).
import { Link } from 'react-router-dom';
import { Field } from '../../../components/field';
import { paths } from '../../../config/paths';
import type { usePackages } from '../api/forms';
import { priceText } from '../lib';

type Package = ReturnType<typeof usePackages>['items'][number];

export function FormPackages({ packages, isLoading, packageIds, packageId, linked, error, onToggle, onDefault }: {
  /** The clinic's packages. */
  packages: Package[];
  isLoading: boolean;
  /** Those the form offers, and the one chosen on load (null: the first). */
  packageIds: string[];
  packageId: string | null;
  /** The packages the form offers, in its order. */
  linked: Package[];
  error?: string;
  onToggle: (id: string, on: boolean) => void;
  onDefault: (id: string | null) => void;
}) {
  return (
    <>
      <h3 className="h6 fw-bold mt-2">Packages</h3>
      {isLoading ? (
        // A line, about as tall as the package choices that replace it.
        <div className="mb-3 small text-body-secondary" role="status">
          <span className="spinner-border spinner-border-sm text-primary me-2" aria-hidden="true" />
          Loading packages...
        </div>
      ) : packages.length === 0 ? (
        <p className="text-body-secondary small">
          No packages yet. <Link to={paths.leadGeneration.add}>Add a package</Link> to offer tiers or card payment on this form.
        </p>
      ) : (
        <div className="mb-3">
          {packages.map((p) => (
            <div className="form-check" key={p.id}>
              <input className="form-check-input" type="checkbox" id={`pkg-${p.id}`} checked={packageIds.includes(p.id)} onChange={(e) => onToggle(p.id, e.target.checked)} />
              <label className="form-check-label" htmlFor={`pkg-${p.id}`}>
                {p.name} <span className="text-body-secondary small">{priceText(p)}{p.isPayable ? '' : ', not payable'}</span>
              </label>
            </div>
          ))}
          {packageIds.length > 1 && (
            <Field id="form-default-package" label="Chosen on load" className="mt-2" error={error}>
              <select id="form-default-package" className="form-select" value={packageId ?? ''} onChange={(e) => onDefault(e.target.value || null)}>
                <option value="">The first package</option>
                {linked.map((p) => (
                  <option key={p.id} value={p.id}>{p.name}</option>
                ))}
              </select>
            </Field>
          )}
        </div>
      )}
    </>
  );
}
