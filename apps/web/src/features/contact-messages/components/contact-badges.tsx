import type { ContactPriority, ContactReplyStatus, ContactStatus } from '@cricket/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '@/lib/format';

const STATUS: Record<ContactStatus, BadgeTone> = { unread: 'blue', read: 'gray' };
const PRIORITY: Record<ContactPriority, BadgeTone> = { high: 'red', medium: 'yellow', low: 'gray' };
const DELIVERY: Record<ContactReplyStatus, BadgeTone> = {
  sent: 'green',
  failed: 'red',
  sending: 'yellow',
};

export const ContactStatusBadge = ({ status }: { status: ContactStatus }) => (
  <Badge tone={STATUS[status]}>{statusLabel(status)}</Badge>
);

export const PriorityBadge = ({ priority }: { priority: ContactPriority }) => (
  <Badge tone={PRIORITY[priority]}>{statusLabel(priority)} priority</Badge>
);

export const DeliveryBadge = ({ status }: { status: ContactReplyStatus }) => (
  <Badge tone={DELIVERY[status]}>{statusLabel(status)}</Badge>
);
