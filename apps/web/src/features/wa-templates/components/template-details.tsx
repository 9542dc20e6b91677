import { WA_LANGUAGE_LABELS, WHATSAPP_CATEGORY_HELP, type WaTemplate } from '@cricket/contracts';
import { DetailItem } from '@/components/detail-item';
import { capitalize, formatDateTime } from '@/lib/format';
import { MetaCategoryBadge, QualityBadge, TemplateStatusBadge } from './template-status-badge';
import { WhatsAppPreview } from './whatsapp-preview';

/** A template read-only: its fields beside the message as WhatsApp would show it. */
export function TemplateDetails({ template }: { template: WaTemplate }) {
  const samples = Object.entries(template.sample_values);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <dl className="grid content-start gap-4 sm:grid-cols-2">
        <DetailItem label="Template Name">{template.name}</DetailItem>
        <DetailItem label="Category">
          {template.category.icon && <span className="mr-1">{template.category.icon}</span>}
          {template.category.name}
        </DetailItem>
        <DetailItem label="Type">{capitalize(template.type)}</DetailItem>
        <DetailItem label="Language">
          {WA_LANGUAGE_LABELS[template.template_language]} ({template.template_language})
        </DetailItem>
        <DetailItem label="Status">
          <span className="flex flex-wrap gap-1.5">
            <TemplateStatusBadge status={template.status} />
            <QualityBadge rating={template.quality_rating} />
          </span>
        </DetailItem>
        <DetailItem label="WhatsApp Category">
          <span title={WHATSAPP_CATEGORY_HELP[template.whatsapp_category]}>
            <MetaCategoryBadge category={template.whatsapp_category} />
          </span>
        </DetailItem>
        {template.rejected_reason && (
          <DetailItem
            label={template.status === 'rejected' ? 'Rejection Reason' : 'WhatsApp Reason'}
            wide
          >
            <span className="text-danger-700">{template.rejected_reason}</span>
          </DetailItem>
        )}
        {template.whatsapp_template_id && (
          <DetailItem label="WhatsApp ID">{template.whatsapp_template_id}</DetailItem>
        )}
        <DetailItem label="Usage Count">{template.usage_count}</DetailItem>
        {template.header_type === 'text' && (
          <DetailItem label="Header Text">{template.header_content}</DetailItem>
        )}
        {template.media_url && (
          <DetailItem label="Media">
            <a
              href={template.media_url}
              target="_blank"
              rel="noreferrer"
              className="text-primary-700 underline"
            >
              {template.media_url.split('/').pop()}
            </a>
          </DetailItem>
        )}
        <DetailItem label="Body Text" wide>
          <span className="whitespace-pre-wrap">{template.body_text}</span>
        </DetailItem>
        {template.footer_text && (
          <DetailItem label="Footer Text">{template.footer_text}</DetailItem>
        )}
        {template.buttons.length > 0 && (
          <DetailItem label="Buttons" wide>
            <ul className="space-y-1">
              {template.buttons.map((b, i) => (
                <li key={i}>
                  {b.text}{' '}
                  <span className="text-xs text-neutral-500">
                    ({b.type === 'quick_reply' ? 'Quick reply' : (b.url ?? b.phone_number)})
                  </span>
                </li>
              ))}
            </ul>
          </DetailItem>
        )}
        {samples.length > 0 && (
          <DetailItem label="Sample Values" wide>
            <ul className="space-y-1">
              {samples.map(([name, value]) => (
                <li key={name}>
                  <code className="text-xs">{`{{${name}}}`}</code> = {value}
                </li>
              ))}
            </ul>
          </DetailItem>
        )}
        <DetailItem label="Created By">{template.created_by?.email ?? 'N/A'}</DetailItem>
        <DetailItem label="Created At">{formatDateTime(template.created_at) || 'N/A'}</DetailItem>
        <DetailItem label="Last Updated">{formatDateTime(template.updated_at) || 'N/A'}</DetailItem>
      </dl>
      <WhatsAppPreview draft={template} />
    </div>
  );
}
