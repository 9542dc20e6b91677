import {
  SEND_CHANNEL_LABELS,
  sendStatusLabel,
  type DeliveryStatus,
  type NotificationTemplateStatus,
  type SendChannel,
  type SendStatus,
} from '@cricket/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '@/lib/format';

const TYPE_TONES: Record<SendChannel, BadgeTone> = {
  email: 'blue',
  sms: 'purple',
  push: 'orange',
  whatsapp: 'green',
};

export function NotificationTypeBadge({ type }: { type: SendChannel }) {
  return <Badge tone={TYPE_TONES[type]}>{SEND_CHANNEL_LABELS[type]}</Badge>;
}

const TEMPLATE_STATUS_TONES: Record<NotificationTemplateStatus, BadgeTone> = {
  active: 'green',
  inactive: 'red',
  draft: 'yellow',
};

export function TemplateStatusBadge({ status }: { status: NotificationTemplateStatus }) {
  return <Badge tone={TEMPLATE_STATUS_TONES[status]}>{statusLabel(status)}</Badge>;
}

const SEND_TONES: Record<SendStatus, BadgeTone> = {
  scheduled: 'blue',
  running: 'purple',
  sent: 'green',
  completed_with_failures: 'orange',
  failed: 'red',
  cancelled: 'gray',
};

export function SendStatusBadge({ status, failed }: { status: SendStatus; failed: number }) {
  return <Badge tone={SEND_TONES[status]}>{sendStatusLabel(status, failed)}</Badge>;
}

const DELIVERY_TONES: Record<DeliveryStatus, BadgeTone> = {
  queued: 'blue',
  sending: 'purple',
  sent: 'green',
  delivered: 'green',
  read: 'green',
  failed: 'red',
  skipped: 'yellow',
  cancelled: 'gray',
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <Badge tone={DELIVERY_TONES[status]}>{statusLabel(status)}</Badge>;
}
