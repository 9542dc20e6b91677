const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A bare 'YYYY-MM-DD' is a calendar date: read it in local time so it never shifts a day. */
function toDate(value: string | Date): Date {
  if (value instanceof Date) return value;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  return new Date(value);
}

function isValid(date: Date): boolean {
  return !Number.isNaN(date.getTime());
}

/*
 * One family of dates for every screen (issue 30): a short date ('Mar 7 1994'), the same date
 * with its time ('Mar 7 1994, 3:07 PM', the spec's 'Account Created On'), and, where the
 * distance matters more than the day (a session last used, a change just made), a relative
 * time ('5 minutes ago'). All in local time; '' for no or bad input.
 */

type DateInput = string | Date | null | undefined;

function parse(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = toDate(value);
  return isValid(date) ? date : null;
}

/** Short-month calendar date, 'Mon D YYYY' (date of birth, match and tournament days). */
export function formatDate(value: DateInput): string {
  const date = parse(value);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()} ${date.getFullYear()}` : '';
}

/** 'Mon D YYYY, h:mm AM/PM' (spec: 'Account Created On'). */
export function formatDateTime(value: DateInput): string {
  const date = parse(value);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const period = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatDate(date)}, ${hour12}:${minutes} ${period}`;
}

/** An instant as a datetime-local box holds it: `YYYY-MM-DDTHH:mm` in local time. */
export const toLocalInput = (at: Date) =>
  new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * '5 minutes ago', 'in 3 hours', 'yesterday'; within a minute 'just now'. A week or more away
 * reads as the date and time instead: 'three weeks ago' says less than the day.
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 60) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDateTime(date);
}

/** Role and module names are stored as typed and shown capitalised; statuses by `statusLabel`. */
export { capitalize, statusLabel } from '@cricket/contracts';
