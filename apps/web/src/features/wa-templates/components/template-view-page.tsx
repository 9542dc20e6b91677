import { ArrowLeft, Pencil, Send } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ListError } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { usePanelState } from '@/components/use-panel-state';
import { lazyPanel } from '@/components/lazy-panel';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/http';
import { parseRecordId, whatsappSendHref } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { useTemplate } from '../api/templates';
import { TemplateDetails } from './template-details';
import { WA_SEND_TEXTS, WA_TEMPLATE_MESSAGES } from '@cricket/contracts';

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
            {template && canSend && template.status === 'approved' && (
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
