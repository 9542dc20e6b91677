import { EMAIL_TEMPLATE_MESSAGES, type EmailTemplate } from '@cricket/contracts';
import { Pencil, Send } from 'lucide-react';
import toast from 'react-hot-toast';
import { DetailItem } from '@/components/detail-item';
import { SidePanel } from '@/components/side-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { capitalize, formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useCan } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useSendTestEmail } from '../api/send-test-email';
import { EmailPreview } from './email-preview';
import { EmailTemplateStatusBadge } from './email-template-badges';

interface EmailTemplateViewPanelProps {
  template: EmailTemplate | undefined;
  loading: boolean;
  onClose: () => void;
  onEdit: () => void;
}

/** A template's details and its sandboxed preview, with 'Send test email'. */
export function EmailTemplateViewPanel({
  template,
  loading,
  onClose,
  onEdit,
}: EmailTemplateViewPanelProps) {
  const canUpdate = useCan('email_templates.update');
  const sendTest = useSendTestEmail();
  const flight = useSingleFlight();

  function send(click: { detail: number }) {
    if (!template) return;
    void flight.run(async () => {
      try {
        toast.success(await sendTest.mutateAsync(template.id));
      } catch (error) {
        toast.error(errorMessage(error, EMAIL_TEMPLATE_MESSAGES.testFailed));
      }
    }, click);
  }

  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && onClose()}
      title="View Email Template"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {template && canUpdate && (
            <>
              <Button variant="secondary" onClick={send} busy={flight.busy} busyText="Sending...">
                <Send className="size-4" aria-hidden="true" />
                Send test email
              </Button>
              <Button onClick={onEdit}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Button>
            </>
          )}
        </>
      }
    >
      {loading ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-neutral-500">
          <Spinner /> Loading...
        </p>
      ) : template ? (
        <div className="space-y-6">
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <DetailItem label="Template Name" wide>
              {template.name}
            </DetailItem>
            <DetailItem label="Subject" wide>
              {template.subject}
            </DetailItem>
            <DetailItem label="Type">{capitalize(template.template_type)}</DetailItem>
            <DetailItem label="Status">
              <EmailTemplateStatusBadge status={template.status} />
            </DetailItem>
            <DetailItem label="Used">{template.used_count} times</DetailItem>
            <DetailItem label="Created At">
              {formatDateTime(template.created_at) || 'N/A'}
            </DetailItem>
            <DetailItem label="Last Modified">
              {formatDateTime(template.last_modified) || 'N/A'}
            </DetailItem>
            {template.description && (
              <DetailItem label="Description" wide>
                {template.description}
              </DetailItem>
            )}
          </dl>
          <section aria-labelledby="email-preview-heading" className="space-y-2">
            <h3 id="email-preview-heading" className="text-sm font-semibold text-neutral-900">
              Preview
            </h3>
            <p className="text-xs text-neutral-500">
              Shown with sample values; scripts and remote images are blocked.
            </p>
            <EmailPreview content={template.content} title={`Preview of ${template.name}`} />
          </section>
        </div>
      ) : (
        <p className="py-6 text-sm text-neutral-500">{EMAIL_TEMPLATE_MESSAGES.notFound}</p>
      )}
    </SidePanel>
  );
}
