// The scheduled sweeps, every minute (EventBridge; on the local outbox worker's timer locally): the
// reminders that are due (functions/domain/reminders/sweep.ts: each writes its messages as outbox rows,
// which the outbox worker delivers) and the unpaid booking holds whose time ran out
// (functions/domain/bookings/hold-sweep.ts). A function of their own rather than part of the outbox
// worker's sweep: the worker delivers rows and has no use for the reminders' texts, the booking
// payment consumer or the holds' places, which would take its bundle past the 350 KB budget.
import type { Context, ScheduledEvent } from 'aws-lambda';
import { errorFields, log, withInvocationLog } from '#lib/log';
import { sweepReminders } from '#domain/reminders/sweep';
import { sweepLapsedHolds, type HoldSweepResult } from '#domain/bookings/hold-sweep';

/** A sweep stops taking work this long before the function's timeout (infra/constructs/outbox.ts). */
const SWEEPS_MARGIN_MS = 15_000;

export interface SweepsResult {
  reminders?: { sent: number; dropped: number };
  holds?: HoldSweepResult;
}

/** Both sweeps, one after the other; one failing leaves the other to run (the next minute tries again). */
export async function runSweeps(options: { remainingMs?: () => number } = {}): Promise<SweepsResult> {
  const timeLeft = () => (options.remainingMs ? options.remainingMs() > SWEEPS_MARGIN_MS : true);
  const result: SweepsResult = {};
  try {
    const reminders = await sweepReminders({ timeLeft });
    result.reminders = reminders;
    if (reminders.sent + reminders.dropped > 0) log.info('Reminder sweep', { ...reminders });
  } catch (error) {
    log.warn('Reminder sweep failed, the next sweep tries again', errorFields(error));
  }
  try {
    const holds = await sweepLapsedHolds({ timeLeft });
    result.holds = holds;
    if (holds.released + holds.confirmed + holds.skipped > 0) log.info('Hold sweep', { ...holds });
  } catch (error) {
    log.warn('Hold sweep failed, the next sweep tries again', errorFields(error));
  }
  return result;
}

export const handler = async (_event: ScheduledEvent, context?: Pick<Context, 'getRemainingTimeInMillis'> & Partial<Pick<Context, 'awsRequestId'>>) =>
  withInvocationLog(context?.awsRequestId, 'scheduled sweeps', () => runSweeps({ remainingMs: context?.getRemainingTimeInMillis?.bind(context) }));
