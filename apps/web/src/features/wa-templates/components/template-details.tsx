import { WA_LANGUAGE_LABELS, type WaTemplate } from '@cricket/contracts';
import type { ReactNode } from 'react';
import { capitalize, formatDateTime } from '@/lib/format';
import { TemplateStatusBadge } from './template-status-badge';
import { WhatsAppPreview } from './whatsapp-preview';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium tracking-wide text-neutral-500 uppercase">{label}</dt>
      <dd className="text-sm break-words text-neutral-900">{children}</dd>
    </div>
  );
}

/** A template read-only: its fields beside the message as WhatsApp would show it. */
export function TemplateDetails({ template }: { template: WaTemplate }) {
  const samples = Object.entries(template.sample_values);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <dl className="grid content-start gap-4 sm:grid-cols-2">
        <Item label="Template Name">{template.name}</Item>
        <Item label="Category">
          {template.category.icon && <span className="mr-1">{template.category.icon}</span>}
          {template.category.name}
        </Item>
        <Item label="Type">{capitalize(template.type)}</Item>
        <Item label="Language">
          {WA_LANGUAGE_LABELS[template.template_language]} ({template.template_language})
        </Item>
        <Item label="Status">
          <TemplateStatusBadge status={template.status} />
        </Item>
        <Item label="Usage Count">{template.usage_count}</Item>
        {template.header_type === 'text' && (
          <Item label="Header Text">{template.header_content}</Item>
        )}
        {template.media_url && (
          <Item label="Media">
            <a
              href={template.media_url}
              target="_blank"
              rel="noreferrer"
              className="text-primary-700 underline"
            >
              {template.media_url.split('/').pop()}
            </a>
          </Item>
        )}
        <div className="sm:col-span-2">
          <Item label="Body Text">
            <span className="whitespace-pre-wrap">{template.body_text}</span>
          </Item>
        </div>
        {template.footer_text && <Item label="Footer Text">{template.footer_text}</Item>}
        {template.buttons.length > 0 && (
          <div className="sm:col-span-2">
            <Item label="Buttons">
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
            </Item>
          </div>
        )}
        {samples.length > 0 && (
          <div className="sm:col-span-2">
            <Item label="Sample Values">
              <ul className="space-y-1">
                {samples.map(([name, value]) => (
                  <li key={name}>
                    <code className="text-xs">{`{{${name}}}`}</code> = {value}
                  </li>
                ))}
              </ul>
            </Item>
          </div>
        )}
        <Item label="Created By">{template.created_by?.email ?? 'N/A'}</Item>
        <Item label="Created At">{formatDateTime(template.created_at) || 'N/A'}</Item>
        <Item label="Last Updated">{formatDateTime(template.updated_at) || 'N/A'}</Item>
      </dl>
      <WhatsAppPreview draft={template} />
    </div>
  );
}
