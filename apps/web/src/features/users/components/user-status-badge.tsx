import { Badge, type BadgeTone } from '@/components/ui/badge';

/** Spec §4: pending yellow, verified green, suspended red, anything else grey. */
const TONES: Record<string, BadgeTone> = { pending: 'yellow', verified: 'green', suspended: 'red' };

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export function UserStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'gray'}>{statusLabel(status)}</Badge>;
}
