import {
  NOTIFICATION_TYPE_LABELS,
  RECIPIENT_TYPE_LABELS,
  SAMPLE_TEMPLATE_VALUES,
  fullName,
  renderTemplate,
  type NotificationTemplate,
  type RecipientOption,
  type RecipientType,
} from '@cricket/contracts';
import { Bell, Mail, MessageSquare } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { NotificationTypeBadge } from './badges';

/**
 * With nobody chosen yet the placeholders show sample values, marked as such rather than passed
 * off as a recipient.
 */
const SAMPLE_NOTE = '(sample)';

interface LivePreviewProps {
  template: NotificationTemplate | null;
  subject: string;
  message: string;
  recipientType: RecipientType;
  /** Null while the count loads. */
  recipientCount: number | null;
  /** Whose details fill the placeholders; sample values when there is nobody yet. */
  firstRecipient: RecipientOption | null;
  /** The form's date-time text when scheduling; null sends immediately. */
  scheduledAt: string | null;
}

/** The send form's Live Preview sidebar (spec §2 "Send Notification"). */
export function LivePreview({
  template,
  subject,
  message,
  recipientType,
  recipientCount,
  firstRecipient,
  scheduledAt,
}: LivePreviewProps) {
  const values = firstRecipient
    ? {
        first_name: firstRecipient.details.first_name,
        last_name: firstRecipient.details.last_name,
        email: firstRecipient.email,
        phone_number: firstRecipient.phone_number,
      }
    : SAMPLE_TEMPLATE_VALUES;
  const shownSubject = renderTemplate(subject, values);
  const shownMessage = renderTemplate(message, values);
  const count =
    recipientCount === null
      ? 'counting…'
      : `${recipientCount.toLocaleString()} ${recipientCount === 1 ? 'recipient' : 'recipients'}`;
  const when = scheduledAt
    ? `Scheduled for ${scheduledAt && !Number.isNaN(Date.parse(scheduledAt)) ? formatDateTime(new Date(scheduledAt)) : '—'}`
    : 'Will be sent immediately';

  return (
    <aside aria-label="Live Preview" className="lg:sticky lg:top-4 lg:self-start">
      <Card title="Live Preview">
        {!template ? (
          <p className="py-10 text-center text-sm text-neutral-500">No template selected</p>
        ) : (
          <div className="space-y-4 text-sm">
            <div className="flex items-center justify-between gap-2">
              <NotificationTypeBadge type={template.type} />
              <span className="min-w-0 truncate font-medium text-neutral-900" title={template.name}>
                {template.name}
              </span>
            </div>
            <p data-testid="recipients-summary" className="text-neutral-600">
              {RECIPIENT_TYPE_LABELS[recipientType]} · {count}
            </p>
            <div data-testid="message-preview">
              {template.type === 'email' && (
                <div className="overflow-hidden rounded-lg border border-neutral-200">
                  <div className="space-y-1 border-b border-neutral-200 bg-neutral-50 px-3 py-2 text-xs text-neutral-600">
                    <p className="flex items-center gap-1.5">
                      <Mail className="size-3.5" aria-hidden="true" />
                      To:{' '}
                      <span className="truncate">
                        {firstRecipient
                          ? `${fullName(firstRecipient.details)} <${firstRecipient.email}>`
                          : `${values.email} ${SAMPLE_NOTE}`}
                      </span>
                    </p>
                    <p className="font-semibold break-words text-neutral-900">
                      {shownSubject || '(no subject)'}
                    </p>
                  </div>
                  <p className="px-3 py-3 break-words whitespace-pre-wrap text-neutral-800">
                    {shownMessage}
                  </p>
                </div>
              )}
              {template.type === 'sms' && (
                <div className="rounded-2xl bg-neutral-100 p-3">
                  <p className="mb-1 flex items-center gap-1.5 text-xs text-neutral-500">
                    <MessageSquare className="size-3.5" aria-hidden="true" />
                    SMS to {values.phone_number}
                    {!firstRecipient && ` ${SAMPLE_NOTE}`}
                  </p>
                  <p className="rounded-2xl rounded-bl-sm bg-solid-info px-3 py-2 break-words whitespace-pre-wrap text-white">
                    {shownMessage}
                  </p>
                </div>
              )}
              {template.type === 'push' && (
                <div className="flex gap-3 rounded-xl border border-neutral-200 p-3 shadow-sm">
                  <Bell className="mt-0.5 size-5 shrink-0 text-highlight-600" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-neutral-900">{shownSubject}</p>
                    <p className="line-clamp-4 break-words text-neutral-700">{shownMessage}</p>
                  </div>
                </div>
              )}
            </div>
            <p
              data-testid="delivery-line"
              className="border-t border-neutral-100 pt-3 text-neutral-600"
            >
              {NOTIFICATION_TYPE_LABELS[template.type]} · {when}
            </p>
          </div>
        )}
      </Card>
    </aside>
  );
}
