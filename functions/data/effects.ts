// What a staff action tells people besides changing data: a mail and a notice to staff. Entity modules
// write them as outbox rows (./outbox.ts) in the transaction of the change, under ids derived from
// that change (`<change id>-mail`, `<change id>-notice`), so they go out if and only if the change
// commits, and once.
import type { Mail } from '#lib/mail';
import type { TransactItem } from './core';
import type { NotifyInput } from './notice';
import { outboxMail, outboxNotice } from './outbox';

export interface Effects {
  mail?: Mail;
  /** The mail goes to an address a stranger typed on a public page: capped per recipient (./mail-guard.ts). */
  typedRecipient?: boolean;
  notice?: NotifyInput;
}

/** The outbox rows of `effects`, for the transaction of the change named `changeId`. */
export function effectItems(changeId: string, orgId: string, effects: Effects | undefined): TransactItem[] {
  return [
    ...(effects?.mail ? [outboxMail(`${changeId}-mail`, effects.mail, orgId, effects.typedRecipient)] : []),
    ...(effects?.notice ? [outboxNotice(`${changeId}-notice`, orgId, effects.notice)] : []),
  ];
}
