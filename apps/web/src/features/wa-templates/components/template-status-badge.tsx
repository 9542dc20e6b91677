import type { WaTemplateStatus } from '@cricket/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '@/lib/format';

const TONES: Record<WaTemplateStatus, BadgeTone> = {
  draft: 'gray',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

export function TemplateStatusBadge({ status }: { status: WaTemplateStatus }) {
  return <Badge tone={TONES[status]}>{statusLabel(status)}</Badge>;
}
