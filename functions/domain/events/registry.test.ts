// The registry's own rules: a subscriber's name can sit in an outbox row id and names one subscriber,
// and it wants only events there are.
import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_TYPES } from '../../data/event-types';
import { SUBSCRIBERS } from './registry';
import { SUBSCRIBER_NAME } from './subscriber';

describe('the subscriber registry', () => {
  it('names each subscriber once, in a form an outbox row id can carry, for known events', () => {
    const names = SUBSCRIBERS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of SUBSCRIBERS) {
      expect(s.name).toMatch(SUBSCRIBER_NAME);
      expect(s.events.length).toBeGreaterThan(0);
      for (const type of s.events) expect(DOMAIN_EVENT_TYPES).toContain(type);
    }
    expect('waitlist').toMatch(SUBSCRIBER_NAME);
    expect('Wait list:1').not.toMatch(SUBSCRIBER_NAME);
  });
});
