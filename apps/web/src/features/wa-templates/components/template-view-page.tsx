import { ArrowLeft, Pencil, Send, Upload } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { ListError } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { usePanelState } from '@/components/use-panel-state';
import { lazyPanel } from '@/components/lazy-panel';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/http';
import { parseRecordId, whatsappSendHref } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useSubmitTemplate, useTemplate, useWhatsAppConnection } from '../api/templates';
import { SubmitReviewDialog } from './submit-review-dialog';
import { TemplateDetails } from './template-details';
import {
  WA_SEND_TEXTS,
  WA_TEMPLATE_MESSAGES,
  WA_TEMPLATE_SUCCESS,
  WA_WHATSAPP_TEXTS,
  type WaTemplate,
} from '@cricket/contracts';

const TemplateFormPanel = lazyPanel(
  () => import('./template-form-panel').then((m) => m.TemplateFormPanel),
  (p) => p.open,
);

/** /wa/templates/view/{id}: a template on its own page, so a link or a reload shows it. */
export function TemplateViewPage() {
  const id = parseRecordId(useParams().id);
  const query = useTemplate(id);
  const canUpdate = useCan('wa_templates.update');
  const canSend = useCan('notifications.send');
  const panel = usePanelState<'edit'>();
  const template = query.data;
  const connection = useWhatsAppConnection();
  const submit = useSubmitTemplate();
  const flight = useSingleFlight();
  const [reviewing, setReviewing] = useState<WaTemplate | null>(null);
  const canSubmit =
    canUpdate && connection.data?.connected === true && template?.whatsapp_template_id === null;

  function confirmSubmit() {
    if (!reviewing) return;
    void flight.run(async () => {
      try {
        await submit.mutateAsync(reviewing._id);
        toast.success(WA_TEMPLATE_SUCCESS.submitted);
        setReviewing(null);
      } catch (error) {
        toast.error(errorMessage(error, WA_TEMPLATE_MESSAGES.submitFailed));
      }
    });
  }

  const back = (
    <Link to="/wa-templates" className={buttonClasses({ variant: 'secondary' })}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Templates
    </Link>
  );

  return (
    <>
      <PageHeader
        title={template?.name ?? 'WhatsApp Template'}
        actions={
          <>
            {back}
            {template && canSubmit && (
              <Button variant="secondary" onClick={() => setReviewing(template)}>
                <Upload className="size-4" aria-hidden="true" />
                {WA_WHATSAPP_TEXTS.submit}
              </Button>
            )}
            {template &&
              canSend &&
              template.status === 'approved' &&
              connection.data?.connected === true && (
                <Link to={whatsappSendHref(template._id)} className={buttonClasses({})}>
                  <Send className="size-4" aria-hidden="true" />
                  {WA_SEND_TEXTS.action}
                </Link>
              )}
            {template && canUpdate && (
              <Button onClick={() => panel.open('edit')}>
                <Pencil className="size-4" aria-hidden="true" />
                Edit
              </Button>
            )}
          </>
        }
      />
      <Card>
        {id === null || (query.error instanceof ApiError && query.error.status === 404) ? (
          <p className="py-6 text-sm text-neutral-500">Template not found</p>
        ) : query.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-neutral-500">
            <Spinner /> Loading...
          </p>
        ) : query.error ? (
          <ListError
            error={query.error}
            fallback={WA_TEMPLATE_MESSAGES.fetchFailed}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          template && <TemplateDetails template={template} />
        )}
      </Card>
      <SubmitReviewDialog
        source={reviewing}
        onCancel={() => setReviewing(null)}
        onConfirm={confirmSubmit}
        busy={flight.busy}
      />
      {template && (
        <TemplateFormPanel
          open={panel.isOpen('edit')}
          onOpenChange={panel.onOpenChange}
          template={template}
        />
      )}
    </>
  );
}
