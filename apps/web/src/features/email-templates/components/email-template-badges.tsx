import type { EmailTemplateStatus } from '@cricket/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '@/lib/format';

const STATUS_TONES: Record<EmailTemplateStatus, BadgeTone> = {
  active: 'green',
  draft: 'yellow',
  inactive: 'gray',
  archived: 'red',
};

export function EmailTemplateStatusBadge({ status }: { status: EmailTemplateStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{statusLabel(status)}</Badge>;
}
