// The recovery codes, shown once after turning two-step sign-in on or making new codes: copy, download,
// then "I have saved them".
import { notify } from '../../../lib/notify';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Clinic Suite recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'clinic-suite-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div>
      <div className="alert alert-warning" role="status">
        Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are shown only now.
      </div>
      <ul className="list-unstyled row row-cols-2 g-2 font-monospace mb-3" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="col">
            {c}
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-light" onClick={() => void navigator.clipboard?.writeText(text).then(() => notify.success('Copied'))}>
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          Copy
        </button>
        <button type="button" className="btn btn-light" onClick={download}>
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download
        </button>
        <button type="button" className="btn btn-primary ms-auto" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
