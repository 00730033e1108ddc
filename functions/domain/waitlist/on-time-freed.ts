// The waitlist's subscriber of the domain events (docs/conventions.md "Events and subscribers"): a time
// freed is offered to those waiting (./offers.ts), and a booking confirmed closes the offer it came from
// and ends the patient's waiting for that package. Delivered at least once: every write is conditional
// and the offer's id is derived from the event, so a second delivery changes nothing.
import { defineSubscriber } from '../events/subscriber';
import { offerBooked, offerFreedTime } from './offers';

export const waitlistSubscriber = defineSubscriber({
  name: 'waitlist',
  events: ['time-freed', 'booking-confirmed'],
  async handle(event) {
    if (event.type === 'time-freed') await offerFreedTime(event);
    else await offerBooked(event);
  },
});
