// A submission's answers as a definition list; file answers link to the uploaded file.
import { assetUrl } from '../../../lib/assets';
import type { SubmissionAnswer } from '../api/forms';

function Value({ answer }: { answer: SubmissionAnswer }) {
  if (answer.type === 'file' && typeof answer.value === 'string') {
    return (
      <a href={assetUrl(answer.value)} target="_blank" rel="noopener noreferrer">
        <i className="bi bi-paperclip" aria-hidden="true" /> Open file
      </a>
    );
  }
  if (answer.type === 'checkbox' && !Array.isArray(answer.value)) return <>{answer.value === 'true' ? 'Yes' : 'No'}</>;
  return <span style={{ whiteSpace: 'pre-line' }}>{Array.isArray(answer.value) ? answer.value.join(', ') : answer.value}</span>;
}

export function Answers({ answers }: { answers: SubmissionAnswer[] }) {
  if (answers.length === 0) return <p className="text-body-secondary small mb-0">No answers.</p>;
  return (
    <dl className="row mb-0">
      {answers.map((a) => (
        <div className="col-12 d-flex flex-wrap" key={a.fieldId}>
          <dt className="col-sm-4 fw-semibold small text-body-secondary">{a.label}</dt>
          <dd className="col-sm-8 mb-2">
            <Value answer={a} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
