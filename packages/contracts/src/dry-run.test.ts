import { describe, expect, it } from 'vitest';
import { DELIVERY_REASONS, dryRunLine } from './notifications.ts';

describe('the dry-run line', () => {
  const base = { held: 0, held_until: null, estimated_seconds: 16 };

  it('counts the skipped by the word their reason carries, the held part only when some are held', () => {
    expect(
      dryRunLine({
        ...base,
        will_receive: 1204,
        skipped: [
          { reason: DELIVERY_REASONS.unsubscribedFrom('Match updates'), count: 31 },
          { reason: 'skipped: suppressed (hard bounce)', count: 3 },
          { reason: 'skipped: suppressed (complaint)', count: 1 },
          { reason: DELIVERY_REASONS.noAddress('email'), count: 2 },
        ],
      }),
    ).toBe('1,204 will receive · 31 unsubscribed · 4 suppressed · 2 no address');
    expect(
      dryRunLine({
        will_receive: 5,
        skipped: [{ reason: DELIVERY_REASONS.optedOut, count: 1 }],
        held: 2,
        held_until: new Date(2026, 10, 28, 8, 0).toISOString(),
        estimated_seconds: 1,
      }),
    ).toBe('5 will receive · 1 opted out · 2 held until 08:00 local');
  });

  it('says who will receive even when nobody is skipped', () => {
    expect(dryRunLine({ ...base, will_receive: 1, skipped: [] })).toBe('1 will receive');
  });
});
