import { describe, expect, it } from 'vitest';
import { suppressionsOf } from './mail-events';

describe('SES bounce and complaint events', () => {
  it('suppresses hard bounces and complaints, in either of SES\'s shapes', () => {
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'a@example.com' }, { emailAddress: 'b@example.com' }] } })).toEqual([
      { address: 'a@example.com', reason: 'bounce' },
      { address: 'b@example.com', reason: 'bounce' },
    ]);
    expect(suppressionsOf({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: 'c@example.com' }] } })).toEqual([{ address: 'c@example.com', reason: 'complaint' }]);
  });

  it('leaves soft bounces and other events alone', () => {
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: 'a@example.com' }] } })).toEqual([]);
    expect(suppressionsOf({ eventType: 'Delivery' })).toEqual([]);
    expect(suppressionsOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{}] } })).toEqual([]);
  });
});
