// A practitioner's own calendar subscription, on their page: a private ICS address (POST /calendar/feeds
// with their id) that Google Calendar, Apple Calendar or Outlook subscribes to, showing the confirmed
// bookings (and appointments, when its maker may read them) with this practitioner. The API keeps only
// the address's hash, so the address is shown once, when made; a lost or leaked one is reset: a new
// address is made, then the old ones are revoked (they stop working at the calendar's next refresh).
import { useState } from 'react';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from '#shared/calendar/feed-schemas';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Busy, Loading } from '../../../components/loading';
import { failureText } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { copyWithToast, notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { createCalendarFeed, revokeCalendarFeed, useCalendarFeeds, type CalendarFeedCreated, type CalendarFeedView } from '../../../lib/calendar-feeds';

/** Google Calendar's own "add this subscription" page for an address (it asks the person to confirm). */
export const googleCalendarLink = (webcalUrl: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl)}`;

/** Where each calendar app takes a subscription address. */
function HowToAdd({ created }: { created: CalendarFeedCreated }) {
  return (
    <div className="mt-3">
      <div className="d-flex flex-wrap gap-2 mb-2">
        <a className="btn btn-sm btn-outline-primary" href={googleCalendarLink(created.webcalUrl)} target="_blank" rel="noreferrer">
          <i className="bi bi-google me-1" aria-hidden="true" />
          Add to Google Calendar
        </a>
        <a className="btn btn-sm btn-outline-primary" href={created.webcalUrl}>
          <i className="bi bi-calendar-plus me-1" aria-hidden="true" />
          Open in my calendar app
        </a>
      </div>
      <ul className="small mb-0 ps-3">
        <li>
          <strong>Google Calendar</strong>: the button above, or on a computer Other calendars, +, From URL, and paste the address.
        </li>
        <li>
          <strong>Apple Calendar</strong>: on iPhone or iPad, Open in my calendar app; on a Mac, File, New Calendar Subscription, and paste the address.
        </li>
        <li>
          <strong>Outlook</strong>: Add calendar, Subscribe from web, and paste the address.
        </li>
      </ul>
      <p className="small text-body-secondary mt-2 mb-0">Calendar apps refresh a subscription on their own schedule: Google&apos;s can take several hours to show a new booking.</p>
    </div>
  );
}

export function PractitionerFeedCard({ practitioner }: { practitioner: { id: string; name: string } }) {
  const canAccess = useAccess();
  const canChange = canAccess({ module: 'Bookings', action: 'write' });
  const { data, error, isLoading, mutate } = useCalendarFeeds();
  const [created, setCreated] = useState<CalendarFeedCreated>();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<'reset' | 'revoke' | null>(null);
  const feeds = (data?.items ?? []).filter((f) => f.practitionerId === practitioner.id);
  // The addresses made before this one (the one just made is shown, the others cannot be).
  const older = feeds.filter((f) => f.id !== created?.id);

  const create = async (): Promise<CalendarFeedCreated | string> => {
    const result = await createCalendarFeed(practitioner.id);
    return result.success && result.data.data ? result.data.data : result.message || 'The calendar address could not be made.';
  };
  /** Revokes feeds one by one; the first refusal's message, or nothing. */
  const revokeAll = async (list: CalendarFeedView[]): Promise<string | undefined> => {
    for (const f of list) {
      const result = await revokeCalendarFeed(f.id);
      if (!result.success) return result.message || 'The old calendar address could not be revoked.';
    }
    return undefined;
  };

  const first = async () => {
    setBusy(true);
    try {
      const made = await create();
      if (typeof made === 'string') notify.error(made);
      else setCreated(made);
      await mutate();
    } catch {
      notify.error('The calendar address could not be made. Please check your connection.');
    } finally {
      setBusy(false);
    }
  };
  // A new address first, then the old ones go: a failure half-way never leaves the practitioner without one.
  const reset = async () => {
    const made = await create();
    if (typeof made === 'string') return made;
    setCreated(made);
    const refused = await revokeAll(older);
    await mutate();
    if (refused) return refused;
    setConfirm(null);
    notify.success('The calendar address is reset: the old one stops working at the next refresh.');
    return undefined;
  };
  const revoke = async () => {
    const refused = await revokeAll(feeds);
    await mutate();
    if (refused) return refused;
    setCreated(undefined);
    setConfirm(null);
    notify.success('The calendar address is revoked.');
    return undefined;
  };

  const appointmentsToo = canAccess({ module: 'Appointment', action: 'read' });
  return (
    <Card
      titleId="practitioner-feed-title"
      title="Calendar subscription"
      footer={
        canChange &&
        !isLoading &&
        data && (
          <div className="d-flex flex-wrap gap-2">
            {feeds.length > 0 && (
              <button type="button" className="btn btn-outline-danger" onClick={() => setConfirm('revoke')} disabled={busy}>
                Revoke
              </button>
            )}
            {feeds.length === 0 ? (
              <button type="button" className="btn btn-primary" onClick={() => void first()} disabled={busy}>
                {busy ? <Busy /> : 'Create the calendar address'}
              </button>
            ) : (
              <button type="button" className="btn btn-outline-primary" onClick={() => setConfirm('reset')} disabled={busy}>
                Reset the address
              </button>
            )}
          </div>
        )
      }
    >
      <p className="small text-body-secondary">
        A private address that {practitioner.name}&apos;s own Google Calendar, Apple Calendar or Outlook can subscribe to: it shows their confirmed bookings
        {appointmentsToo ? ' and appointments' : ''} (patient names only) from {FEED_DAYS_BACK} days back to {FEED_DAYS_AHEAD} days ahead, and follows every change. Anyone
        with the address can read it: keep it private, and reset it if it leaks.
      </p>
      {created && (
        <div className="alert alert-success" role="status">
          <label htmlFor="practitioner-feed-url" className="form-label fw-semibold">
            Copy this address now: it is shown only once.
          </label>
          <div className="input-group">
            <input id="practitioner-feed-url" className="form-control font-monospace" value={created.url} readOnly onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-outline-secondary" onClick={() => void copyWithToast(created.url, 'the address')}>
              <i className="bi bi-clipboard me-1" aria-hidden="true" />
              Copy
            </button>
          </div>
          <HowToAdd created={created} />
        </div>
      )}
      {isLoading ? (
        <Loading label="Loading the calendar address..." />
      ) : error || !data ? (
        <div className="alert alert-danger mb-0" role="alert">
          {failureText(error, 'The calendar address could not be loaded.')}
        </div>
      ) : feeds.length === 0 ? (
        <p className="mb-0">{canChange ? 'No calendar address yet.' : 'No calendar address yet. A member who may change bookings can create one.'}</p>
      ) : (
        older.length > 0 && (
          <p className="mb-0">
            {older.length === 1 ? `An address was made ${formatDate(older[0].createdAt)}` : `${older.length} addresses were made, the first ${formatDate(older[0].createdAt)}`}
            {older.some((f) => !f.includesAppointments) ? ' (bookings only)' : ''}. It is shown only when it is made: if it is lost, reset it to get a new one.
          </p>
        )
      )}
      <ConfirmDialog
        show={confirm !== null}
        title={confirm === 'reset' ? 'Reset the calendar address?' : 'Revoke the calendar address?'}
        confirmText={confirm === 'reset' ? 'Yes, reset it' : 'Yes, revoke it'}
        busyText={confirm === 'reset' ? 'Resetting...' : 'Revoking...'}
        variant={confirm === 'reset' ? 'primary' : 'danger'}
        networkError="The calendar address could not be changed. Please check your connection."
        onHide={() => setConfirm(null)}
        onConfirm={confirm === 'reset' ? reset : revoke}
      >
        <p className="mb-0">
          {confirm === 'reset'
            ? 'A new address is made and shown once. Calendars subscribed to the old one stop receiving bookings at their next refresh: subscribe them to the new one.'
            : `Calendars subscribed to it stop receiving ${practitioner.name}'s bookings at their next refresh.`}
        </p>
      </ConfirmDialog>
    </Card>
  );
}
