import {
  WA_STATUS_HELP,
  WHATSAPP_CATEGORY_LABELS,
  WHATSAPP_QUALITY_LABELS,
  type WaTemplateStatus,
  type WhatsAppCategory,
  type WhatsAppQualityRating,
} from '@cricket/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { statusLabel } from '@/lib/format';

const TONES: Record<WaTemplateStatus, BadgeTone> = {
  draft: 'gray',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  paused: 'orange',
  disabled: 'red',
};

export function TemplateStatusBadge({ status }: { status: WaTemplateStatus }) {
  return (
    <span title={WA_STATUS_HELP[status]}>
      <Badge tone={TONES[status]}>{statusLabel(status)}</Badge>
    </span>
  );
}

const QUALITY_TONES: Record<WhatsAppQualityRating, BadgeTone> = {
  GREEN: 'green',
  YELLOW: 'yellow',
  RED: 'red',
  UNKNOWN: 'gray',
};

/** Meta's quality rating of a submitted template; nothing before it is submitted. */
export function QualityBadge({ rating }: { rating: WhatsAppQualityRating | null }) {
  return rating ? (
    <Badge tone={QUALITY_TONES[rating]}>{WHATSAPP_QUALITY_LABELS[rating]}</Badge>
  ) : null;
}

/** Meta's category (UTILITY, MARKETING, AUTHENTICATION), which Meta may change. */
export function MetaCategoryBadge({ category }: { category: WhatsAppCategory }) {
  return (
    <Badge tone={category === 'MARKETING' ? 'purple' : 'blue'}>
      {WHATSAPP_CATEGORY_LABELS[category]}
    </Badge>
  );
}
