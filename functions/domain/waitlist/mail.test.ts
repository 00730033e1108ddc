// The waitlist offer's mail states what is due now to take the time (issue 36): the price for a package
// paid in full, the deposit (and the rest at the visit), or nothing for a held card or a payment at the
// clinic, in the patient's language. Before, it stated the price whatever the package's payment.
import { describe, expect, it } from 'vitest';
import type { WaitlistEntry, WaitlistOffer } from '../../data/waitlist';
import { offerMessages } from './mail';

const offer: WaitlistOffer = {
  id: 'o1', orgId: 'org1', entryId: 'e1', mode: 'one-by-one', status: 'open', source: 'staff', packageId: 'p1', packageName: 'Physio',
  practitionerId: null, practitionerName: null, startUtc: '2030-01-15T15:00:00.000Z', endUtc: '2030-01-15T16:00:00.000Z', bookingDate: '2030-01-15', bookingTime: '10:00',
  timeZone: 'America/New_York', bookingId: 'o1', priceMinor: 6000, currency: 'usd', expiresAt: '2030-01-15T14:00:00.000Z', createdAt: '', updatedAt: '', tokenHash: '',
};
const entry = (locale: string | null): WaitlistEntry => ({
  id: 'e1', orgId: 'org1', status: 'waiting', packageId: 'p1', packageName: 'Physio', practitionerId: null, practitionerName: null, firstName: 'Ana', lastName: 'Lee',
  email: 'ana@example.com', phoneNumber: '+15551234567', locale, days: [1, 2], fromTime: '09:00', toTime: '12:00', until: '2030-02-01', offersMade: 0, createdAt: '', updatedAt: '',
});
const links = { book: 'https://clinic.example.com/book', leave: 'https://clinic.example.com/leave' };
const textOf = (locale: string | null, policy?: Parameters<typeof offerMessages>[4]) => offerMessages(offer, entry(locale), 'Sunny Clinic', links, policy).mail.text;

describe('the waitlist offer mail', () => {
  it('states the price of a package paid in full when booking', () => {
    expect(textOf(null, { mode: 'full', dueNowMinor: 6000, dueAtVisitMinor: 0 })).toContain('Price: $60.00 (USD)');
  });

  it('states the deposit due now and the rest at the visit', () => {
    const text = textOf('en', { mode: 'deposit', dueNowMinor: 1500, dueAtVisitMinor: 4500 });
    expect(text).toContain('Price: $60.00 (USD). Due now to book it: a deposit of $15.00; the rest, $45.00, at the visit.');
  });

  it('says nothing is due now for a card-held package or one paid at the clinic, in the patient\'s language', () => {
    expect(textOf('en', { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 6000 })).toContain("Nothing is due now: booking it saves your card for the clinic's fees.");
    expect(textOf('en', { mode: 'at_clinic', dueNowMinor: 0, dueAtVisitMinor: 6000 })).toContain('Price: $60.00 (USD), paid at the clinic. Nothing is due now.');
    expect(textOf('es', { mode: 'at_clinic', dueNowMinor: 0, dueAtVisitMinor: 6000 })).toContain('No se paga nada ahora.');
    expect(textOf('de', { mode: 'deposit', dueNowMinor: 1500, dueAtVisitMinor: 4500 })).toContain('eine Anzahlung von');
    expect(textOf('ar', { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 6000 })).toContain('لا شيء مستحق الآن');
    expect(textOf('fr', { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 6000 })).toContain('Rien à payer maintenant');
  });
});
