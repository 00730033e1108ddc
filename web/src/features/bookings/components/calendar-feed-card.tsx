// The clinic's calendar feed on the availability page: a private URL that Google, Apple or Outlook
// subscribe to, showing the confirmed bookings and appointments. The URL is shown once, when made
// (only its hash is kept): copy it then; a lost or leaked one is revoked and a new one made.
import { useState } from 'react';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Busy, Loading } from '../../../components/loading';
import { failureText } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { copyWithToast, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { createCalendarFeed, revokeCalendarFeed, useCalendarFeeds, type CalendarFeedCreated, type CalendarFeedView } from '../../../lib/calendar-feeds';

export function CalendarFeedCard() {
  const canAccess = useAccess();
  const canChange = canAccess({ module: 'Bookings', action: 'write' });
  const { data, error, isLoading, mutate } = useCalendarFeeds();
  const [created, setCreated] = useState<CalendarFeedCreated>();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<CalendarFeedView>();
  const clinicFeeds = (data?.items ?? []).filter((f) => f.practitionerId === null);

  const create = async () => {
    setCreating(true);
    try {
      const result = await createCalendarFeed(null);
      if (result.success && result.data.data) {
        setCreated(result.data.data);
        await mutate();
      } else notify.error(result.message || 'The calendar link could not be made.');
    } catch {
      notify.error('The calendar link could not be made. Please check your connection.');
    } finally {
      setCreating(false);
    }
  };
  const copy = (url: string) => copyWithToast(url, 'the address');
  const revoke = async () => {
    if (!revoking) return;
    const result = await revokeCalendarFeed(revoking.id);
    if (!result.success) return result.message || 'The calendar link could not be revoked.';
    notify.success(result.message);
    if (created?.id === revoking.id) setCreated(undefined);
    setRevoking(undefined);
    await mutate();
  };

  return (
    <Card
      titleId="calendar-feed-title"
      title="Calendar subscription"
      className="mt-4"
      footer={
        canChange && (
          <button type="button" className="btn btn-outline-primary" onClick={() => void create()} disabled={creating || isLoading}>
            {creating ? <Busy /> : clinicFeeds.length ? 'Create another link' : 'Create a calendar link'}
          </button>
        )
      }
    >
      <p className="small text-body-secondary">
        A private address that Google Calendar, Apple Calendar or Outlook can subscribe to: it shows the clinic&apos;s confirmed bookings and appointments (patient names only) from 30 days back to 180 days ahead. Anyone with the address can read it: keep it private, and revoke it if it leaks.
      </p>
      {created && (
        <div className="alert alert-success" role="status">
          <label htmlFor="calendar-feed-url" className="form-label fw-semibold">Copy this address now: it is shown only once.</label>
          <div className="input-group">
            <input id="calendar-feed-url" className="form-control font-monospace" value={created.url} readOnly onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-outline-secondary" onClick={() => void copy(created.url)}>
              <i className="bi bi-clipboard me-1" aria-hidden="true" />
              Copy
            </button>
          </div>
          <a className="small d-inline-block mt-2" href={created.webcalUrl}>Open in my calendar app</a>
        </div>
      )}
      {isLoading ? (
        <Loading label="Loading the calendar links..." />
      ) : error || !data ? (
        <div className="alert alert-danger mb-0" role="alert">{failureText(error, 'The calendar links could not be loaded.')}</div>
      ) : clinicFeeds.length === 0 ? (
        <p className="mb-0">No calendar link yet.</p>
      ) : (
        <ul className="list-group list-group-flush" aria-label="Calendar links">
          {clinicFeeds.map((f) => (
            <li key={f.id} className="list-group-item d-flex justify-content-between align-items-center px-0">
              <span>
                {f.name}
                <span className="d-block small text-body-secondary">Made {formatDate(f.createdAt)}{f.includesAppointments ? '' : ' · bookings only'}</span>
              </span>
              {canChange && (
                <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setRevoking(f)} aria-label={`Revoke the calendar link made ${formatDate(f.createdAt)}`}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={Boolean(revoking)}
        title="Revoke this calendar link?"
        confirmText="Yes, revoke it"
        busyText="Revoking..."
        networkError="The calendar link could not be revoked. Please check your connection."
        onHide={() => setRevoking(undefined)}
        onConfirm={revoke}
      >
        <p className="mb-0">Calendars subscribed to it stop receiving the clinic&apos;s bookings at their next refresh.</p>
      </ConfirmDialog>
    </Card>
  );
}
