// A submission's answers as a definition list. Visitors' files are private: a button asks the API
// for a short-lived link and opens it.
import { useState } from 'react';
import { openSignedLink } from '../../../lib/signed-link';
import { leadFileLink, type SubmissionAnswer } from '../api/forms';

function FileLink({ leadId, answer }: { leadId: string; answer: SubmissionAnswer }) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    await openSignedLink(() => leadFileLink(leadId, answer.fieldId));
    setBusy(false);
  };
  return (
    <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void open()} disabled={busy}>
      <i className="bi bi-paperclip" aria-hidden="true" /> {busy ? 'Opening...' : 'Open file'}
    </button>
  );
}

function Value({ leadId, answer }: { leadId: string; answer: SubmissionAnswer }) {
  if (answer.type === 'file' && typeof answer.value === 'string') return <FileLink leadId={leadId} answer={answer} />;
  if (answer.type === 'checkbox' && !Array.isArray(answer.value)) return <>{answer.value === 'true' ? 'Yes' : 'No'}</>;
  return <span style={{ whiteSpace: 'pre-line' }}>{Array.isArray(answer.value) ? answer.value.join(', ') : answer.value}</span>;
}

export function Answers({ leadId, answers }: { leadId: string; answers: SubmissionAnswer[] }) {
  if (answers.length === 0) return <p className="text-body-secondary small mb-0">No answers.</p>;
  return (
    <dl className="row mb-0">
      {answers.map((a) => (
        <div className="col-12 d-flex flex-wrap" key={a.fieldId}>
          <dt className="col-sm-4 fw-semibold small text-body-secondary">{a.label}</dt>
          <dd className="col-sm-8 mb-2">
            <Value leadId={leadId} answer={a} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
