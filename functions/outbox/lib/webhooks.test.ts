import { describe, expect, it } from 'vitest';
import { webhookRetryDelayMs } from './webhooks';

describe('webhook retries', () => {
  it('wait 1 min, 5 min, 30 min, 2 h, then 6 h between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((tries) => webhookRetryDelayMs(tries) / 60_000)).toEqual([1, 5, 30, 120, 360, 360, 360]);
  });
});
