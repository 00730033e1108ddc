// Who the patient books (or moves their booking) with: one card per person, each card its radio's
// label with the radio inside it at the card's start (left, or right in Arabic). Bootstrap's
// .form-check floats the radio left with a negative margin, which put it outside its card when the
// page is right to left: a flex row follows the page's direction instead.

export interface PractitionerOption {
  id: string;
  name: string;
  title?: string;
}

export function PractitionerChoice({ legend, name, options, value, onChange, disabled }: { legend: string; name: string; options: readonly PractitionerOption[]; value: string; onChange: (id: string) => void; disabled?: boolean }) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fw-semibold small text-body-emphasis mb-1 fs-6">{legend}</legend>
      <div className="row g-2">
        {options.map((p) => (
          <div key={p.id} className="col-12 col-sm-6">
            <label className={`d-flex align-items-start gap-2 border rounded p-2 mb-0 h-100 ${value === p.id ? 'border-primary bg-primary-subtle' : ''}`} htmlFor={`${name}-${p.id}`}>
              <input className="form-check-input flex-shrink-0 m-0 mt-1" type="radio" name={name} id={`${name}-${p.id}`} value={p.id} checked={value === p.id} onChange={() => onChange(p.id)} disabled={disabled} />
              <span>
                <span className="d-block fw-semibold">{p.name}</span>
                {p.title && <span className="d-block small text-body-secondary">{p.title}</span>}
              </span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
