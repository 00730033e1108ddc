// GET /appointments: a page of the organisation's appointments, by booking date (default), name or
// last change, optionally active or inactive only, or found by a name/email/phone prefix. Every
// variant is one or two index Queries of about one page; `cursor` continues, `pageNumber` without a
// cursor walks the pages before it (reading keys only).
import { listAppointmentsQuery, listAppointmentsReply } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { listAppointments, searchAppointments, type BucketFilter } from '../data/appointments';
import { getCounters } from '../data/organizations';
import { DEFAULT_PAGE_SIZE, toView } from '#domain/appointments/views';

export const handler = endpoint({ query: listAppointmentsQuery, reply: listAppointmentsReply }, async ({ query, caller }) => {
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const pageNumber = query.pageNumber ?? 1;
  const filter: BucketFilter = query.active && !query.inactive ? 'ACTIVE' : query.inactive && !query.active ? 'INACTIVE' : 'all';
  const common = { filter, limit, cursor: query.cursor, pageNumber };
  const search = query.search?.trim();
  const [page, total] = await Promise.all([
    search
      ? searchAppointments(caller.orgId, search, common)
      : query.recentlyUpdated
        ? listAppointments(caller.orgId, { ...common, order: 'updated', ascending: false })
        : query.sortAtoZ
          ? listAppointments(caller.orgId, { ...common, order: 'name', ascending: query.sortASC ?? true })
          : listAppointments(caller.orgId, { ...common, order: 'date', ascending: query.sortASC ?? false }),
    // The kept counter gives the total for the unfiltered list; filtered totals are not kept.
    !search && filter === 'all' ? getCounters(caller.orgId).then((c) => c.appointments) : Promise.resolve(undefined),
  ]);
  return { data: { items: page.items.map(toView), nextCursor: page.nextCursor, pageNumber, pageSize: limit, total } };
});
