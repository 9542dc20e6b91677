import { formatDateTime, formatRelative } from '@/lib/format';

/** A moment as a relative time ('5 minutes ago'), with its date and time on hover and to machines. */
export function TimeAgo({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}
