import type { MatchStatus } from '@cricket/contracts';
import { statusLabel } from '@/lib/format';
import { Badge } from './ui/badge';

/**
 * A match's status as the dashboard and the matches list show it (spec §2): live in red,
 * every other status in grey; `text` replaces the status word (a completed match's result).
 */
export function MatchStatusBadge({
  status,
  text,
}: {
  status: MatchStatus | string;
  text?: string;
}) {
  return <Badge tone={status === 'live' ? 'red' : 'gray'}>{text ?? statusLabel(status)}</Badge>;
}
