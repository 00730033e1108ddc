// /logs (owner only): who did what, newest first, filtered by module, member and dates.
import { useState } from 'react';
import { AUDIT_ACTOR_LABELS, AUDIT_MODULE_LABELS, AUDIT_MODULES } from '#shared/organization/schemas';
import { FilterField, FilterSelect, ListCard } from '../../../components/list-card';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useApi } from '../../../lib/swr';
import { useLogs, type LogFilters } from '../api/logs';

const nameOf = (m: { email: string; firstName?: string; lastName?: string }) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;
const ACTION_TONE = { create: 'success', update: 'info', delete: 'danger' } as const;

/** Who made an entry that names no current member: the patient, Stripe, the public pages' visitors, or a member since removed. */
const otherActor = (actorId: string) => (Object.hasOwn(AUDIT_ACTOR_LABELS, actorId) ? AUDIT_ACTOR_LABELS[actorId as keyof typeof AUDIT_ACTOR_LABELS] : 'Former member');
/** A module as the console names it; an unknown value (a newer server) as written. */
const moduleLabel = (module: string) => (Object.hasOwn(AUDIT_MODULE_LABELS, module) ? AUDIT_MODULE_LABELS[module as keyof typeof AUDIT_MODULE_LABELS] : module);

export function LogsPage() {
  usePageTitle('Logs', [{ title: 'Logs' }]);
  const [filters, setFilters] = useState<LogFilters>({});
  const list = useLogs(filters);
  const { items } = list;
  const { data: members } = useApi('/organization/members', { query: { limit: 100 } });
  const set = (key: keyof LogFilters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: e.target.value || undefined }));

  return (
    <ListCard
      titleId="logs-title"
      title="Activity log"
      filters={
        <div className="row g-2">
          <FilterSelect id="log-module" label="Module" className="col-sm-6 col-lg-3" all="All modules" options={AUDIT_MODULES.map((m) => [m, AUDIT_MODULE_LABELS[m]])} value={filters.module} onChange={(module) => setFilters((f) => ({ ...f, module }))} />
          <FilterSelect id="log-member" label="Member" className="col-sm-6 col-lg-3" all="Everyone" options={(members?.items ?? []).map((m) => [m.userId, nameOf(m)])} value={filters.userId} onChange={(userId) => setFilters((f) => ({ ...f, userId }))} />
          <FilterField id="log-from" label="From" className="col-sm-6 col-lg-3">
            <input id="log-from" type="date" className="form-control form-control-sm" value={filters.from ?? ''} max={filters.to} onChange={set('from')} />
          </FilterField>
          <FilterField id="log-to" label="To" className="col-sm-6 col-lg-3">
            <input id="log-to" type="date" className="form-control form-control-sm" value={filters.to ?? ''} min={filters.from} onChange={set('to')} />
          </FilterField>
        </div>
      }
      list={list}
      retry={false}
      loadingLabel="Loading the log..."
      errorText="The log could not be loaded."
      empty={items.length === 0}
      emptyText="Nothing matches these filters."
      tableClassName=""
      columns={['When', 'Who', 'Module', 'What']}
    >
      {items.map((e) => (
        <tr key={e.id}>
          <td className="ps-4 text-nowrap small">{formatDate(e.at)}</td>
          <td className="small">{e.actor ? nameOf(e.actor) : <span className="text-body-secondary">{otherActor(e.actorId)}</span>}</td>
          <td className="small">{moduleLabel(e.module)}</td>
          <td className="small">
            <span className={`badge bg-${ACTION_TONE[e.action]}-subtle text-${ACTION_TONE[e.action]}-emphasis me-2`}>{e.action}</span>
            {e.summary}
          </td>
        </tr>
      ))}
    </ListCard>
  );
}

export { LogsPage as Component };
