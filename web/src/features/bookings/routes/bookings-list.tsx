// /bookings (Bookings read): the bookings made on the public booking page, by booking time, with their
// status and payment state; filters by date range, package, status and payment; load more.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '#shared/schemas/bookings';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { ListBody } from '../../../components/list-body';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { useBookings, type BookingFilters } from '../api/bookings';
import { useBookingPackages } from '../api/packages';
import { PaymentBadge, StatusBadge, paymentLabel, statusLabel } from '../components/badges';
import { bookingPath, formatCents } from '../lib';
import { ResponsiveTable } from '../../../components/responsive-table';

export function BookingsListPage() {
  usePageTitle('Bookings', [{ title: 'Bookings', path: paths.bookings.list }]);
  const [filters, setFilters] = useState<BookingFilters>({ order: 'desc' });
  const { bookings, error, isLoading, isLoadingMore, hasMore, loadMore, reload } = useBookings(filters);
  const { packages } = useBookingPackages(100);
  const set = (patch: Partial<BookingFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const filtered = Boolean(filters.from || filters.to || filters.packageId || filters.status || filters.paymentStatus);

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="bookings-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="bookings-title" className="h6 fw-bold mb-3">
          Bookings
        </h2>
        <form className="row g-2 align-items-end" aria-label="Filter bookings" onSubmit={(e) => e.preventDefault()}>
          <div className="col-6 col-md-2">
            <label htmlFor="filter-from" className="form-label small mb-1">From</label>
            <input id="filter-from" type="date" className="form-control form-control-sm" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
          </div>
          <div className="col-6 col-md-2">
            <label htmlFor="filter-to" className="form-label small mb-1">To</label>
            <input id="filter-to" type="date" className="form-control form-control-sm" value={filters.to ?? ''} min={filters.from} onChange={(e) => set({ to: e.target.value || undefined })} />
          </div>
          <div className="col-12 col-md-3">
            <label htmlFor="filter-package" className="form-label small mb-1">Package</label>
            <select id="filter-package" className="form-select form-select-sm" value={filters.packageId ?? ''} onChange={(e) => set({ packageId: e.target.value || undefined })}>
              <option value="">All packages</option>
              {packages.map((p) => (
                <option key={p.id} value={p.id}>{p.packageName}</option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-2">
            <label htmlFor="filter-status" className="form-label small mb-1">Status</label>
            <select id="filter-status" className="form-select form-select-sm" value={filters.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as BookingFilters['status'] })}>
              <option value="">Any status</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>{statusLabel(s)}</option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-2">
            <label htmlFor="filter-payment" className="form-label small mb-1">Payment</label>
            <select id="filter-payment" className="form-select form-select-sm" value={filters.paymentStatus ?? ''} onChange={(e) => set({ paymentStatus: (e.target.value || undefined) as BookingFilters['paymentStatus'] })}>
              <option value="">Any payment</option>
              {PAYMENT_STATUSES.map((s) => (
                <option key={s} value={s}>{paymentLabel(s)}</option>
              ))}
            </select>
          </div>
          <div className="col-12 col-md-1">
            <button type="button" className="btn btn-sm btn-light w-100" onClick={() => set({ order: filters.order === 'asc' ? 'desc' : 'asc' })} aria-label={filters.order === 'asc' ? 'Earliest first; show latest first' : 'Latest first; show earliest first'}>
              <i className={`bi ${filters.order === 'asc' ? 'bi-sort-up' : 'bi-sort-down'}`} aria-hidden="true" />
            </button>
          </div>
        </form>
      </div>
      <div className="card-body p-0">
        <ListBody
          loading={isLoading}
          loadingLabel="Loading bookings..."
          error={error}
          errorText="The bookings could not be loaded."
          onRetry={reload}
          empty={bookings.length === 0}
          emptyText={filtered ? 'No booking matches these filters.' : 'No bookings yet.'}
        >
          <ResponsiveTable>
            <thead>
              <tr>
                <th scope="col" className="ps-4">When</th>
                <th scope="col">Visitor</th>
                <th scope="col">Package</th>
                <th scope="col" className="text-end">Price</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col" className="text-end pe-4"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {bookings.map((b) => (
                <tr key={b.id}>
                  <td className="ps-4">{b.bookingTimeLabel}</td>
                  <td>
                    <div className="fw-semibold text-body-emphasis">{b.firstName} {b.lastName}</div>
                    <div className="small text-body-secondary">{b.email}</div>
                  </td>
                  <td>{b.packageName}</td>
                  <td className="text-end">{formatCents(b.priceCents, b.currency)}</td>
                  <td>
                    <StatusBadge status={b.status} />
                    {b.needsAttention && <i className="bi bi-exclamation-triangle-fill text-warning ms-2" title={b.needsAttention} aria-label="Needs attention" />}
                  </td>
                  <td><PaymentBadge paymentStatus={b.paymentStatus} /></td>
                  <td className="text-end pe-4">
                    <Link to={bookingPath(b.id)} className="btn btn-sm btn-light" aria-label={`View the booking of ${b.firstName} ${b.lastName}`}>View</Link>
                  </td>
                </tr>
              ))}
            </tbody>
            </ResponsiveTable>
        </ListBody>
      </div>
      <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
    </section>
  );
}

export { BookingsListPage as Component };
