// What a delivery may throw besides a plain failure, known to the outbox engine (./engine.ts) so each
// worker treats it alike: a wait (webhooks) and a message not to be sent (guards).

/** Thrown by a delivery: try again after `delayMs` (quiet: not a failure, only a wait). */
export class TryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
    readonly quiet = false,
  ) {
    super(message);
    this.name = 'TryLater';
  }
}

/** The message is not to be sent, for `reason` (kept on the row; metric MessagesDropped). */
export class NotToBeSent extends Error {
  constructor(
    readonly reason: 'suppressed' | 'recipient-cap' | 'sms-country' | 'patient-erased',
    /** For 'sms-country': the number's calling code (logged; the number is not). */
    readonly callingCode?: string,
  ) {
    super(`Not sent: ${reason}`);
    this.name = 'NotToBeSent';
  }
}
