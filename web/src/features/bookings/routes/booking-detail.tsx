// /bookings/booking/:id (Bookings read): one booking with its payment; Bookings write may cancel it
// (its time becomes free again; an unpaid checkout is closed; a paid one is refunded in Stripe).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { cancelBooking, useBooking, type BookingView } from '../api/bookings';
import { dueAtVisitOf, goesAhead } from '#shared/bookings/goes-ahead';
import { PAYMENT_MODE_LABELS, PaymentBadge, StatusBadge } from '../components/badges';
import { AfterVisitCard, PaymentStateBadge } from '../../../components/after-visit';
import { formatCents, visitorName } from '../lib';
import { failureText } from '../../../lib/api';
import { IntakeAnswers } from '../../../components/intake-answers';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="row py-2 border-bottom">
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8 mb-0">{children}</dd>
    </div>
  );
}

function BookingDetails({ booking, onChanged }: { booking: BookingView; onChanged: (b: BookingView) => void }) {
  const canAccess = useAccess();
  const [cancelling, setCancelling] = useState(false);
  // A visit marked attended, no-show or cancelled late is over (the API refuses the cancel with 409): its fee
  // (if any) is charged below, not refunded by a cancel.
  const over = booking.attendance != null;
  const dueAtVisit = dueAtVisitOf(booking);
  const cancellable = (booking.status === 'held' || booking.status === 'confirmed') && !over && canAccess({ module: 'Bookings', action: 'write' });
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="booking-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <div>
          <h2 id="booking-title" className="h6 fw-bold mb-1">{visitorName(booking)}</h2>
          <div className="d-flex flex-wrap gap-2">
            <StatusBadge status={booking.status} />
            {/* A held booking's status already says it awaits payment: a payment badge saying it again is left out. */}
            {!(booking.status === 'held' && (booking.paymentState ?? 'awaiting_payment') === 'awaiting_payment') &&
              (booking.paymentState ? <PaymentStateBadge state={booking.paymentState} /> : <PaymentBadge paymentStatus={booking.paymentStatus} />)}
          </div>
        </div>
        <div className="d-flex gap-2">
          <Link to={paths.bookings.list} className="btn btn-light">Back to bookings</Link>
          {cancellable && (
            <button type="button" className="btn btn-outline-danger" onClick={() => setCancelling(true)}>Cancel booking</button>
          )}
        </div>
      </div>
      <div className="card-body">
        {booking.needsAttention && (
          <div className="alert alert-warning" role="status"><i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />{booking.needsAttention}</div>
        )}
        <dl className="mb-0">
          <Row label="When">{booking.bookingTimeLabel} <span className="text-body-secondary small">({booking.timeZoneName}, {booking.timeZone}) · {booking.durationMinutes} minutes</span></Row>
          <Row label="Package">{booking.packageName}</Row>
          {booking.seriesId && <Row label="Series"><Link to={paths.bookings.series.replace(':id', encodeURIComponent(booking.seriesId))}>One visit of a series: see every visit</Link></Row>}
          <Row label="Price">{formatCents(booking.priceCents, booking.currency)}</Row>
          <Row label="Email"><a href={`mailto:${booking.email}`}>{booking.email}</a></Row>
          <Row label="Phone"><a href={`tel:${booking.phoneNumber}`}>{booking.phoneNumber}</a></Row>
          <Row label="Paid">{booking.amountPaidCents !== null ? `${formatCents(booking.amountPaidCents, booking.currency)} on ${formatDate(booking.paidAt)}` : 'Not paid'}</Row>
          {booking.paymentPolicy && booking.paymentPolicy.mode !== 'full' && (
            <Row label="Payment">
              {PAYMENT_MODE_LABELS[booking.paymentPolicy.mode]}
              {/* Only while the booking goes ahead: a cancelled or expired one has nothing due at its visit, nor awaits a card. */}
              {dueAtVisit > 0 && <span className="d-block">{formatCents(dueAtVisit, booking.currency)} due at the visit</span>}
              {booking.savedCard ? <span className="d-block">Card held: {booking.savedCard.brand} •••• {booking.savedCard.last4}</span> : booking.paymentPolicy.mode === 'card_on_file' && goesAhead(booking) && <span className="d-block">No card saved yet</span>}
              {booking.paymentPolicy.noShowFeeMinor !== null && <span className="d-block small text-body-secondary">No-show fee agreed: {formatCents(booking.paymentPolicy.noShowFeeMinor, booking.currency)}</span>}
              {booking.paymentPolicy.lateCancelFeeMinor !== null && <span className="d-block small text-body-secondary">Late-cancellation fee agreed: {formatCents(booking.paymentPolicy.lateCancelFeeMinor, booking.currency)} (within {booking.paymentPolicy.cancellationWindowHours} hours)</span>}
            </Row>
          )}
          {booking.refundedCents !== null && <Row label="Refunded">{formatCents(booking.refundedCents, booking.currency)}</Row>}
          {booking.status === 'held' && <Row label="Held until">{formatDate(booking.holdExpiresAt)}</Row>}
          {booking.cancelledAt && <Row label="Cancelled">{formatDate(booking.cancelledAt)}</Row>}
          {booking.expiredAt && <Row label="Expired">{formatDate(booking.expiredAt)}</Row>}
          <Row label="Confirmation mailed">{booking.confirmationSentAt ? formatDate(booking.confirmationSentAt) : 'Not yet'}</Row>
          <Row label="Booked on">{formatDate(booking.createdAt)}</Row>
          <Row label="Reference"><code>{booking.id}</code>{booking.paymentIntentId && <span className="small text-body-secondary ms-2">Stripe payment {booking.paymentIntentId}</span>}</Row>
        </dl>
        <div className="mt-4">
          <IntakeAnswers bookingId={booking.id} />
        </div>
      </div>
      <ConfirmDialog
        show={cancelling}
        title="Cancel this booking?"
        confirmText="Yes, cancel it"
        busyText="Cancelling..."
        cancelText="Keep it"
        onHide={() => setCancelling(false)}
        onConfirm={async () => {
          const result = await cancelBooking(booking.id);
          if (!result.success || !result.data.data) return result.message || 'The booking could not be cancelled.';
          notify.success(result.message || 'Booking cancelled.');
          setCancelling(false);
          onChanged(result.data.data);
          return undefined;
        }}
      >
        <p className="mb-0">
          The time becomes free for others at once.{' '}
          {booking.status === 'held' ? 'The visitor can no longer pay for it.' : 'The visitor is told by email; refund the payment in Stripe.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}

export function BookingDetailPage() {
  const { id } = useParams();
  usePageTitle('Booking', [{ title: 'Bookings', path: paths.bookings.list }]);
  const { data, error, isLoading, mutate } = useBooking(id);
  const canWrite = useAccess()({ module: 'Bookings', action: 'write' });
  if (isLoading) return <Loading label="Loading the booking..." showLabel />;
  if (error || !data) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'Booking not found.')} <Link to={paths.bookings.list} className="alert-link">Back to bookings</Link>
      </div>
    );
  }
  const changed = (b: BookingView) => void mutate(b, { revalidate: false });
  return (
    <>
      <BookingDetails booking={data} onChanged={changed} />
      <AfterVisitCard booking={data} canWrite={canWrite} onChanged={changed} />
    </>
  );
}

export { BookingDetailPage as Component };
