// The practitioner editor (add and edit): name, title, the linked member (or none: a locum who does
// not sign in), calendar colour, weekly hours with breaks, dated exceptions (time off or other hours)
// and the active switch. Validated with the API's schema (shared/bookings/practitioner-schemas.ts); the
// server's field messages land on the same places. Members without write see it read-only.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Busy } from '../../../components/loading';
import { StatusBanner } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import type { ApiResult } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import type { PractitionerView } from '../../../lib/practitioners';
import type { PractitionerOutput } from '../practitioner-form-values';
import { usePractitionerForm } from '../use-practitioner-form';
import { ExceptionList } from './exception-list';
import { PractitionerDetails } from './practitioner-details';
import { WeeklyHoursFields } from './weekly-hours-fields';

interface PractitionerFormProps {
  initial?: PractitionerView;
  title: string;
  submitText: string;
  save: (values: PractitionerOutput) => Promise<ApiResult<PractitionerView>>;
  /** Edit only: delete this practitioner (the server refuses while they have upcoming bookings). */
  remove?: () => Promise<ApiResult>;
}

export function PractitionerForm({ initial, title, submitText, save, remove }: PractitionerFormProps) {
  const navigate = useNavigate();
  const canAccess = useAccess();
  const readOnly = !canAccess({ module: 'Bookings', action: 'write' });
  const canDelete = Boolean(remove) && canAccess({ module: 'Bookings', action: 'delete' });
  const [deleting, setDeleting] = useState(false);
  const { form, status, submit } = usePractitionerForm(initial, save);
  const { isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="practitioner-form-title" className="card border-0 shadow-sm">
      <div className="card-header bg-transparent py-3">
        <h2 id="practitioner-form-title" className="h6 fw-bold mb-0">{title}</h2>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <fieldset disabled={readOnly || isSubmitting}>
          <PractitionerDetails form={form} />
          <WeeklyHoursFields form={form} readOnly={readOnly} />
          <ExceptionList form={form} readOnly={readOnly} />
        </fieldset>
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-between gap-2 py-3">
        <div>
          {canDelete && (
            <button type="button" className="btn btn-outline-danger" onClick={() => setDeleting(true)} disabled={isSubmitting}>
              Delete
            </button>
          )}
        </div>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-light" onClick={() => navigate(paths.bookings.practitioners)} disabled={isSubmitting}>
            {readOnly ? 'Back' : 'Cancel'}
          </button>
          {!readOnly && (
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? <Busy /> : submitText}
            </button>
          )}
        </div>
      </div>
      {remove && (
        <ConfirmDialog
          show={deleting}
          title={`Delete ${initial?.name ?? 'this practitioner'}?`}
          confirmText="Yes, delete"
          busyText="Deleting..."
          cancelText="Keep them"
          onHide={() => setDeleting(false)}
          onConfirm={async () => {
            const result = await remove();
            // A refusal (409: upcoming bookings) stays in the dialog.
            if (!result.success) return result.message || 'The practitioner could not be deleted.';
            setDeleting(false);
            notify.success(result.message || 'Practitioner deleted.');
            navigate(paths.bookings.practitioners, { replace: true });
            return undefined;
          }}
        >
          <p className="mb-0">They are no longer offered for booking. Past bookings keep their name.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
