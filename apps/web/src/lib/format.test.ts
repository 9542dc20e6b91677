import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative } from './format';

describe('formatDateTime', () => {
  it('writes Mon D YYYY, h:mm AM/PM in local time', () => {
    expect(formatDateTime(new Date(2026, 5, 5, 15, 7))).toBe('Jun 5 2026, 3:07 PM');
    expect(formatDateTime(new Date(2026, 0, 31, 0, 30))).toBe('Jan 31 2026, 12:30 AM');
    expect(formatDateTime(new Date(2026, 11, 1, 12, 0))).toBe('Dec 1 2026, 12:00 PM');
  });

  it('returns an empty string for missing or invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatDate', () => {
  it('keeps a bare calendar date on its day whatever the time zone', () => {
    expect(formatDate('1994-03-07')).toBe('Mar 7 1994');
  });

  it('is the date part of formatDateTime: one family', () => {
    const when = new Date(2026, 1, 8, 9, 5);
    expect(formatDateTime(when).startsWith(`${formatDate(when)}, `)).toBe(true);
  });

  it('returns an empty string for missing input', () => {
    expect(formatDate(undefined)).toBe('');
  });
});

describe('formatRelative', () => {
  const now = new Date(2026, 5, 5, 12, 0, 0);
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('counts back in the largest whole unit under a week', () => {
    expect(formatRelative(ago(20), now)).toBe('just now');
    expect(formatRelative(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelative(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelative(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelative(ago(3 * 86400), now)).toBe('3 days ago');
    expect(formatRelative(new Date(now.getTime() + 2 * 3600 * 1000), now)).toBe('in 2 hours');
  });

  it('gives the date and time a week or more away', () => {
    expect(formatRelative(ago(9 * 86400), now)).toBe('May 27 2026, 12:00 PM');
  });

  it('returns an empty string for missing or invalid input', () => {
    expect(formatRelative(null, now)).toBe('');
    expect(formatRelative('soon', now)).toBe('');
  });
});
