import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

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
    expect(formatDate('1994-03-07')).toBe('Mar 7, 1994');
  });

  it('returns an empty string for missing input', () => {
    expect(formatDate(undefined)).toBe('');
  });
});
