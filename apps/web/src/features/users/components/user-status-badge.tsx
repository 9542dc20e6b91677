import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '@/lib/format';

/** Spec §4: pending yellow, verified green, suspended red, anything else grey. */
const TONES: Record<string, BadgeTone> = { pending: 'yellow', verified: 'green', suspended: 'red' };

export function UserStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'gray'}>{statusLabel(status)}</Badge>;
}
