import { describe, expect, it } from 'vitest';
import { messagingSettingsInput } from './messaging.ts';
import { isTimeZone, listedTimeZones, optionalTimeZone, TIME_ZONE_MESSAGES } from './time-zones.ts';

describe('time zones', () => {
  it('knows IANA names the runtime lists or accepts, and nothing else', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'Asia/Calcutta', 'America/New_York', 'Etc/GMT+5'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of [
      '',
      'Mars/Olympus_Mons',
      '+05:30',
      'UTC+5',
      'Asia/Kolkata/',
      'asia kolkata',
    ])
      expect(isTimeZone(zone), zone).toBe(false);
  });

  it('lists today’s names, UTC first', () => {
    const zones = listedTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).not.toContain('Asia/Calcutta');
  });

  it('reads an empty user zone as the organisation’s', () => {
    expect(optionalTimeZone.parse('')).toBeNull();
    expect(optionalTimeZone.parse(undefined)).toBeNull();
    expect(optionalTimeZone.parse(' Asia/Tokyo ')).toBe('Asia/Tokyo');
    expect(optionalTimeZone.safeParse('Nowhere/Land').error?.issues[0]?.message).toBe(
      TIME_ZONE_MESSAGES.invalid,
    );
  });

  it('takes quiet hours as HH:MM, the same start and end meaning none', () => {
    const ok = { quiet_hours_start: '21:00', quiet_hours_end: '08:00', time_zone: 'UTC' };
    expect(messagingSettingsInput.safeParse(ok).success).toBe(true);
    expect(messagingSettingsInput.safeParse({ ...ok, quiet_hours_end: '21:00' }).success).toBe(
      true,
    );
    for (const bad of ['8:00', '24:00', '08:60', '0800', ''])
      expect(messagingSettingsInput.safeParse({ ...ok, quiet_hours_start: bad }).success, bad).toBe(
        false,
      );
  });
});
