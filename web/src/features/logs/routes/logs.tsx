// /logs (owner only): who did what, newest first, filtered by module, member and dates.
import { useState } from 'react';
import { AUDIT_MODULES } from '#shared/schemas/organization';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import { Loading } from '../../../components/loading';
import { failureText } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useLogs, type LogFilters } from '../api/logs';
import { ResponsiveTable } from '../../../components/responsive-table';
import { useApi } from '../../../lib/swr';

const nameOf = (m: { email: string; firstName?: string; lastName?: string }) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
const ACTION_TONE = { create: 'success', update: 'info', delete: 'danger' } as const;

export function LogsPage() {
  usePageTitle('Logs', [{ title: 'Logs' }]);
  const [filters, setFilters] = useState<LogFilters>({});
  const { items, error, isLoading, hasMore, isLoadingMore, loadMore } = useLogs(filters);
  const { data: members } = useApi('/organization/members?limit=100');
  const set = (key: keyof LogFilters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: e.target.value || undefined }));

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="logs-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="logs-title" className="h6 fw-bold mb-3">
          Activity log
        </h2>
        <div className="row g-2">
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="log-module" className="form-label small fw-semibold mb-1">
              Module
            </label>
            <select id="log-module" className="form-select form-select-sm" value={filters.module ?? ''} onChange={set('module')}>
              <option value="">All modules</option>
              {AUDIT_MODULES.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="log-member" className="form-label small fw-semibold mb-1">
              Member
            </label>
            <select id="log-member" className="form-select form-select-sm" value={filters.userId ?? ''} onChange={set('userId')}>
              <option value="">Everyone</option>
              {(members?.items ?? []).map((m) => (
                <option key={m.userId} value={m.userId}>
                  {nameOf(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="log-from" className="form-label small fw-semibold mb-1">
              From
            </label>
            <input id="log-from" type="date" className="form-control form-control-sm" value={filters.from ?? ''} max={filters.to} onChange={set('from')} />
          </div>
          <div className="col-sm-6 col-lg-3">
            <label htmlFor="log-to" className="form-label small fw-semibold mb-1">
              To
            </label>
            <input id="log-to" type="date" className="form-control form-control-sm" value={filters.to ?? ''} min={filters.from} onChange={set('to')} />
          </div>
        </div>
      </div>
      <div className="card-body p-0">
        {isLoading ? (
          <Loading label="Loading the log..." showLabel />
        ) : error ? (
          <div className="alert alert-danger m-3" role="alert">
            {failureText(error, 'The log could not be loaded.')}
          </div>
        ) : items.length === 0 ? (
          <p className="text-body-secondary text-center my-5">Nothing matches these filters.</p>
        ) : (
          <ResponsiveTable className="">
            <thead>
              <tr>
                <th scope="col" className="ps-4">
                  When
                </th>
                <th scope="col">Who</th>
                <th scope="col">Module</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td className="ps-4 text-nowrap small">{formatDate(e.at)}</td>
                  <td className="small">{e.actor ? nameOf(e.actor) : <span className="text-body-secondary">{e.actorId === 'stripe' ? 'Stripe (payment event)' : 'Former member'}</span>}</td>
                  <td className="small">{e.module}</td>
                  <td className="small">
                    <span className={`badge bg-${ACTION_TONE[e.action]}-subtle text-${ACTION_TONE[e.action]}-emphasis me-2`}>{e.action}</span>
                    {e.summary}
                  </td>
                </tr>
              ))}
            </tbody>
            </ResponsiveTable>
        )}
      </div>
      <LoadMoreFooter hasMore={hasMore} loading={isLoadingMore} onLoadMore={loadMore} />
    </section>
  );
}

export { LogsPage as Component };
