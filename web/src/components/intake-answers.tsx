// A booking's answers to its package's intake form (issue 36), for the booking view and the calendar's
// booking detail: GET /bookings/booking/{id}/intake. Files are private: a button asks for a short-lived
// link (GET /leads/{id}/files/{fieldId}: members who may read forms) and opens it.
import { useState } from 'react';
import type { ReplyOf } from '#shared/api-contract';
import { api } from '../lib/api';
import { openSignedLink } from '../lib/signed-link';
import { useApi } from '../lib/swr';
import { formatDate } from '../lib/dates';

type Intake = NonNullable<ReplyOf<'GET /bookings/booking/{id}/intake'>['intake']>;
type Answer = Intake['answers'][number];

function FileLink({ submissionId, answer }: { submissionId: string; answer: Answer }) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    await openSignedLink(() => api.get(`/leads/${encodeURIComponent(submissionId)}/files/${encodeURIComponent(answer.fieldId)}`));
    setBusy(false);
  };
  return (
    <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void open()} disabled={busy}>
      <i className="bi bi-paperclip" aria-hidden="true" /> {busy ? 'Opening...' : 'Open file'}
    </button>
  );
}

function Value({ submissionId, answer }: { submissionId: string; answer: Answer }) {
  if (answer.type === 'file') return answer.value ? <FileLink submissionId={submissionId} answer={answer} /> : <span className="text-body-secondary">No file</span>;
  if (answer.type === 'checkbox' && !Array.isArray(answer.value)) return <>{answer.value === 'true' ? 'Yes' : 'No'}</>;
  return <span style={{ whiteSpace: 'pre-line' }}>{Array.isArray(answer.value) ? answer.value.join(', ') : answer.value}</span>;
}

/** The intake block: the answers, or what is still awaited; nothing for a package that asks no form. */
export function IntakeAnswers({ bookingId, compact = false }: { bookingId: string; compact?: boolean }) {
  const { data, error, isLoading } = useApi(`/bookings/booking/${encodeURIComponent(bookingId)}/intake`);
  if (isLoading) return <p className="small text-body-secondary mb-0">Loading the intake answers...</p>;
  if (error) return <p className="small text-danger mb-0">The intake answers could not be loaded.</p>;
  if (!data || (!data.intake && !data.intakeTiming)) return null;
  const heading = <h3 className={compact ? 'h6 mb-2' : 'h6 fw-bold mb-2'}>Intake{data.intake ? `: ${data.intake.formName}` : ''}</h3>;
  if (!data.intake) {
    return (
      <section aria-label="Intake">
        {heading}
        <p className="small text-body-secondary mb-0">{data.intakeTiming === 'by_mail' ? 'Not answered yet: the patient was sent a link by mail once the booking was confirmed.' : 'Not answered.'}</p>
      </section>
    );
  }
  const { intake } = data;
  return (
    <section aria-label="Intake">
      {heading}
      <p className="small text-body-secondary mb-2">Answered {formatDate(intake.createdAt)}</p>
      <dl className="row mb-0">
        {intake.answers.map((a) => (
          <div className="col-12 d-flex flex-wrap" key={a.fieldId}>
            {/* Full width on a phone (the label above its answer): a flex item without col-12 sat glued to its answer. */}
            <dt className={`col-12 ${compact ? '' : 'col-sm-4'} fw-semibold small text-body-secondary`}>{a.label}</dt>
            <dd className={`col-12 ${compact ? '' : 'col-sm-8'} mb-2`}>
              <Value submissionId={intake.submissionId} answer={a} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
