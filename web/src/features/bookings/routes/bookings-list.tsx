// /bookings (Bookings read): the bookings made on the public booking page, by booking time, with their
// status and payment state; filters by date range, package, status and payment; load more.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '#shared/bookings/schemas';
import { ACTIONS, FilterField, FilterSelect, ListCard } from '../../../components/list-card';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useBookings, type BookingFilters } from '../api/bookings';
import { useBookingPackages } from '../../../lib/booking-packages';
import { PaymentBadge, PaymentModeNote, StatusBadge, paymentLabel, statusLabel } from '../components/badges';
import { PaymentStateBadge } from '../../../components/after-visit';
import { bookingPath, formatCents, visitorName } from '../lib';

export function BookingsListPage() {
  usePageTitle('Bookings', [{ title: 'Bookings', path: paths.bookings.list }]);
  const [filters, setFilters] = useState<BookingFilters>({ order: 'desc' });
  const list = useBookings(filters);
  const bookings = list.items;
  const packages = useBookingPackages(100).items;
  const set = (patch: Partial<BookingFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const filtered = Boolean(filters.from || filters.to || filters.packageId || filters.status || filters.paymentStatus);

  return (
    <ListCard
      titleId="bookings-title"
      title="Bookings"
      filters={
        <form className="row g-2 align-items-end" aria-label="Filter bookings" onSubmit={(e) => e.preventDefault()}>
          <FilterField id="filter-from" label="From" className="col-6 col-md-2">
            <input id="filter-from" type="date" className="form-control form-control-sm" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
          </FilterField>
          <FilterField id="filter-to" label="To" className="col-6 col-md-2">
            <input id="filter-to" type="date" className="form-control form-control-sm" value={filters.to ?? ''} min={filters.from} onChange={(e) => set({ to: e.target.value || undefined })} />
          </FilterField>
          <FilterSelect id="filter-package" label="Package" className="col-12 col-md-3" all="All packages" options={packages.map((p) => [p.id, p.packageName])} value={filters.packageId} onChange={(packageId) => set({ packageId })} />
          <FilterSelect id="filter-status" label="Status" className="col-6 col-md-2" all="Any status" options={BOOKING_STATUSES.map((s) => [s, statusLabel(s)])} value={filters.status} onChange={(status) => set({ status: status as BookingFilters['status'] })} />
          <FilterSelect id="filter-payment" label="Payment" className="col-6 col-md-2" all="Any payment" options={PAYMENT_STATUSES.map((s) => [s, paymentLabel(s)])} value={filters.paymentStatus} onChange={(paymentStatus) => set({ paymentStatus: paymentStatus as BookingFilters['paymentStatus'] })} />
          <div className="col-12 col-md-1">
            <button type="button" className="btn btn-sm btn-light w-100" onClick={() => set({ order: filters.order === 'asc' ? 'desc' : 'asc' })} aria-label={filters.order === 'asc' ? 'Earliest first; show latest first' : 'Latest first; show earliest first'}>
              <i className={`bi ${filters.order === 'asc' ? 'bi-sort-up' : 'bi-sort-down'}`} aria-hidden="true" />
            </button>
          </div>
        </form>
      }
      list={list}
      noun="bookings"
      empty={bookings.length === 0}
      emptyText={filtered ? 'No booking matches these filters.' : 'No bookings yet.'}
      columns={['When', 'Visitor', 'Package', { label: 'Price', className: 'text-end' }, 'Status', 'Payment', ACTIONS]}
    >
      {bookings.map((b) => (
        <tr key={b.id}>
          <td className="ps-4">{b.bookingTimeLabel}</td>
          <td>
            <div className={`fw-semibold ${b.firstName || b.lastName ? 'text-body-emphasis' : 'text-body-secondary fst-italic'}`}>{visitorName(b)}</div>
            <div className="small text-body-secondary">{b.email}</div>
          </td>
          <td>{b.packageName}</td>
          <td className="text-end">{formatCents(b.priceCents, b.currency)}</td>
          <td>
            <StatusBadge status={b.status} />
            {b.needsAttention && <i className="bi bi-exclamation-triangle-fill text-warning ms-2" title={b.needsAttention} aria-label="Needs attention" />}
          </td>
          <td>{b.paymentState ? <PaymentStateBadge state={b.paymentState} /> : <PaymentBadge paymentStatus={b.paymentStatus} />}<PaymentModeNote booking={b} money={(minor) => formatCents(minor, b.currency)} /></td>
          <td className="text-end pe-4">
            <Link to={bookingPath(b.id)} className="btn btn-sm btn-light" aria-label={`View the booking of ${visitorName(b)}`}>View</Link>
          </td>
        </tr>
      ))}
    </ListCard>
  );
}

export { BookingsListPage as Component };
