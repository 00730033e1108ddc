// Under a redirect URL field: when what was typed is a web address without https://, offer the
// address with it, one click to take it.
import { bareDomainFix } from '#shared/redirect-url';

export function RedirectUrlFix({ value, onFix }: { value: string; onFix: (fixed: string) => void }) {
  const fixed = bareDomainFix(value);
  if (!fixed) return null;
  return (
    <div className="form-text d-flex flex-wrap align-items-center gap-2">
      <span>
        Did you mean <span className="text-body-emphasis text-break">{fixed}</span>?
      </span>
      <button type="button" className="btn btn-sm btn-light" onClick={() => onFix(fixed)}>
        Add https://
      </button>
    </div>
  );
}
