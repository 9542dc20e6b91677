import type { ContactPriority, ContactReplyStatus, ContactStatus } from '@cricket/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { capitalize } from '@/lib/format';

const STATUS: Record<ContactStatus, BadgeTone> = { unread: 'blue', read: 'gray' };
const PRIORITY: Record<ContactPriority, BadgeTone> = { high: 'red', medium: 'yellow', low: 'gray' };
const DELIVERY: Record<ContactReplyStatus, BadgeTone> = {
  sent: 'green',
  failed: 'red',
  sending: 'yellow',
};

export const ContactStatusBadge = ({ status }: { status: ContactStatus }) => (
  <Badge tone={STATUS[status]}>{capitalize(status)}</Badge>
);

export const PriorityBadge = ({ priority }: { priority: ContactPriority }) => (
  <Badge tone={PRIORITY[priority]}>{capitalize(priority)} priority</Badge>
);

export const DeliveryBadge = ({ status }: { status: ContactReplyStatus }) => (
  <Badge tone={DELIVERY[status]}>{capitalize(status)}</Badge>
);
