// The lead's own subscriber (issue 35): for each lead (a form-submitted event with `lead`), staff who
// may read forms are told, and the lead is counted once in its day's report figure (leads:received)
// and in its form page's write count (the challenge's difficulty and the page's alarm). Kept out of the
// visitor's transaction: every lead of a clinic would otherwise write the same two items, and on
// DynamoDB concurrent transactions on one item cancel each other in a burst. The notice is idempotent
// by its ids (notifyStaffOnce); the counts ride in the transaction that records this run
// (delivery.complete), so a run done again counts nothing twice. A report and the page's count lag
// their lead by the worker's delay (moments; the sweep's minute when the stream missed the row).
import { erasedSince } from '../../data/erasures';
import { notifyStaffOnce } from '../../data/notifications';
import { countPageWriteIn } from '../../data/page-counts';
import { reportItems } from '../../data/reports';
import { defineSubscriber } from '../events/subscriber';

export const leadReceivedSubscriber = defineSubscriber({
  name: 'lead-received',
  events: ['form-submitted'],
  // Events from before `lead`: their lead's notice and counts were written with the lead.
  wants: (event) => Boolean(event.lead),
  async handle(event, delivery) {
    const { lead } = event;
    if (!lead) return;
    const who = event.name ?? event.email ?? 'A visitor';
    const notice = {
      title: 'New lead',
      message: `${who} submitted "${lead.formName}"${lead.packageName ? ` (${lead.packageName})` : ''}.`,
      link: `/forms/leads/${event.submissionId}`,
      module: 'FORMS' as const,
      // Under the lead's email: erasing them finds the notice (docs/patients.md).
      ...(event.email ? { about: event.email } : {}),
    };
    // A lead whose person was erased since (this row was held while the erase ran): no notice naming
    // them; the counts, which name no one, stay.
    if (!(await erasedSince(event.orgId, { email: event.email }, event.at))) await notifyStaffOnce(event.orgId, notice, { id: `${event.id}-notice`, createdAt: event.at });
    const report = lead.reportDay ? reportItems(event.orgId, [{ day: lead.reportDay, figure: 'leads:received', by: 1 }]) : [];
    await countPageWriteIn('form', lead.apiKey, Date.parse(event.at), (count) => delivery.complete([...report, count]));
  },
});
