import { waVariableNames } from './wa-rules.ts';

/**
 * A template as Meta's `POST /{WABA_ID}/message_templates` receives it (decision 044), built
 * in one place: the API sends it and the screens show it before it is sent.
 * https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates
 */

export interface MetaNamedParam {
  param_name: string;
  example: string;
}

export type MetaButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example?: string[] }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string };

export type MetaComponent =
  | {
      type: 'HEADER';
      format: 'TEXT';
      text: string;
      example?: { header_text_named_params: MetaNamedParam[] };
    }
  | { type: 'HEADER'; format: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; example: { header_handle: string[] } }
  | { type: 'BODY'; text: string; example?: { body_text_named_params: MetaNamedParam[] } }
  | { type: 'FOOTER'; text: string }
  | { type: 'BUTTONS'; buttons: MetaButton[] };

export interface MetaTemplateBody {
  name: string;
  language: string;
  category: string;
  parameter_format: 'NAMED';
  components: MetaComponent[];
}

/** What the builder reads of a template (the API's record, or the form's values). */
export interface MetaTemplateSource {
  name: string;
  template_language: string;
  whatsapp_category: string;
  type: string;
  header_type: string;
  header_content?: string | null;
  body_text: string;
  footer_text?: string | null;
  buttons: readonly { type: string; text: string; url?: string; phone_number?: string }[];
  sample_values: Readonly<Record<string, string>>;
}

const isNumbered = (name: string) => /^\d+$/.test(name);

/**
 * The numbered variables (`{{1}}`) of a template's header and body. Meta's NAMED format has
 * none, and a template cannot mix the two, so these are renamed before submitting; a URL's
 * variable is exempt (Meta writes it `{{1}}` in every format).
 */
export function numberedVariables(t: Pick<MetaTemplateSource, 'header_content' | 'body_text'>) {
  const names = [...waVariableNames(t.header_content), ...waVariableNames(t.body_text)];
  return [...new Set(names.filter(isNumbered))];
}

const namedParams = (text: string, samples: Readonly<Record<string, string>>) =>
  [...new Set(waVariableNames(text))].map((name) => ({
    param_name: name,
    example: samples[name] ?? '',
  }));

/** A URL's one variable (at its end) as Meta writes it, `{{1}}`, and its example URL. */
function metaUrl(url: string, samples: Readonly<Record<string, string>>) {
  const [name] = waVariableNames(url);
  if (name === undefined) return { url };
  return {
    url: url.replace(`{{${name}}}`, '{{1}}'),
    example: [url.replace(`{{${name}}}`, samples[name] ?? '')],
  };
}

/**
 * Meta's body for a template. `headerHandle` is the media header's handle from Meta's
 * resumable upload (the screens pass a description of it: the upload happens on submitting).
 */
export function metaTemplateBody(t: MetaTemplateSource, headerHandle?: string): MetaTemplateBody {
  const components: MetaComponent[] = [];
  if (t.header_type === 'text' && t.header_content) {
    const params = namedParams(t.header_content, t.sample_values);
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: t.header_content,
      ...(params.length ? { example: { header_text_named_params: params } } : {}),
    });
  } else if (
    t.header_type === 'image' ||
    t.header_type === 'video' ||
    t.header_type === 'document'
  ) {
    components.push({
      type: 'HEADER',
      format: t.header_type.toUpperCase() as 'IMAGE' | 'VIDEO' | 'DOCUMENT',
      example: { header_handle: [headerHandle ?? ''] },
    });
  }
  const bodyParams = namedParams(t.body_text, t.sample_values);
  components.push({
    type: 'BODY',
    text: t.body_text,
    ...(bodyParams.length ? { example: { body_text_named_params: bodyParams } } : {}),
  });
  if (t.footer_text) components.push({ type: 'FOOTER', text: t.footer_text });
  if (t.buttons.length)
    components.push({
      type: 'BUTTONS',
      buttons: t.buttons.map((b): MetaButton => {
        if (b.type === 'url')
          return { type: 'URL', text: b.text, ...metaUrl(b.url ?? '', t.sample_values) };
        if (b.type === 'phone_number')
          return { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phone_number ?? '' };
        return { type: 'QUICK_REPLY', text: b.text };
      }),
    });
  return {
    name: t.name,
    language: t.template_language,
    category: t.whatsapp_category,
    parameter_format: 'NAMED',
    components,
  };
}
