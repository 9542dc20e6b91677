import { z } from 'zod';
import { idValue, optionalText, pagination, paginationQuery } from './common.ts';
import {
  DOCUMENT_MIME_TYPES,
  IMAGE_MIME_TYPES,
  VIDEO_MIME_TYPES,
  WA_MEDIA_MAX_BYTES,
} from './media.ts';
import { WA_RULES, WA_RULE_MESSAGES, waTemplateIssues, waTemplateVariables } from './wa-rules.ts';
// The limits of body, footer and buttons are content rules: wa-rules.ts checks them, so the
// editor's checklist shows them too.

/** Spec §3 "WhatsApp template", §4 "WhatsApp template status", §9 limits. */
export const WA_TEMPLATE_TYPES = ['text', 'image', 'video', 'document'] as const;
export type WaTemplateType = (typeof WA_TEMPLATE_TYPES)[number];
export const WA_MEDIA_TEMPLATE_TYPES = ['image', 'video', 'document'] as const;
export type WaMediaType = (typeof WA_MEDIA_TEMPLATE_TYPES)[number];
export const WA_LANGUAGES = ['en_US', 'en_GB', 'hi_IN', 'es_ES'] as const;
export const WA_DEFAULT_LANGUAGE = 'en_US';
export const WA_TEMPLATE_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type WaTemplateStatus = (typeof WA_TEMPLATE_STATUSES)[number];
/** Spec §4: create offers draft, pending and approved; edit adds rejected. */
export const WA_CREATE_STATUSES = ['draft', 'pending', 'approved'] as const;
export const WA_HEADER_TYPES = ['none', 'text', 'image', 'video', 'document'] as const;
export const WA_BUTTON_TYPES = ['quick_reply', 'url', 'phone_number'] as const;
export type WaButtonType = (typeof WA_BUTTON_TYPES)[number];

export const WA_TEMPLATE_NAME_MIN = 3;
export const WA_SAMPLE_MAX = 200;

export const WA_LANGUAGE_LABELS: Record<(typeof WA_LANGUAGES)[number], string> = {
  en_US: 'English (US)',
  en_GB: 'English (UK)',
  hi_IN: 'Hindi (India)',
  es_ES: 'Spanish (Spain)',
};

export const isWaMediaType = (type: string | null | undefined): type is WaMediaType =>
  (WA_MEDIA_TEMPLATE_TYPES as readonly string[]).includes(type ?? '');

/** Spec §5 "Media file": what each media template may carry. */
export const WA_MEDIA_KINDS: Record<
  WaMediaType,
  { mimeTypes: readonly string[]; wrongType: string }
> = {
  image: { mimeTypes: IMAGE_MIME_TYPES, wrongType: 'Please select a valid image file' },
  video: { mimeTypes: VIDEO_MIME_TYPES, wrongType: 'Please select a valid video file' },
  document: { mimeTypes: DOCUMENT_MIME_TYPES, wrongType: 'Please select a valid document file' },
};

export const WA_TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  nameMin: 'Template name must be at least 3 characters',
  categoryRequired: 'Category is required',
  categoryNotFound: 'Category not found',
  type: 'Please choose a template type',
  language: 'Please choose a language',
  status: 'Please choose a status',
  headerType: "A text template's header can be none or text",
  headerRequired: 'Header text is required',
  bodyRequired: 'Body text is required',
  buttonType: 'Please choose a button type',
  sampleMax: `Sample values must be at most ${WA_SAMPLE_MAX} characters`,
  mediaRequired: (type: WaMediaType) =>
    `Please upload ${type === 'image' ? 'an' : 'a'} ${type} file`,
  mediaNotUploaded: 'Please upload the file with the media upload',
  mediaTooLarge: 'File size should be less than 5MB',
  typeLocked: 'The template type cannot be changed',
  nameTaken: 'A template with this name and language already exists',
  notFound: 'Template not found',
  invalidForm: 'Please fix all errors before submitting',
  /** The screens' texts (spec §8 "Messages" and the empty states). */
  fetchFailed: 'Error fetching templates',
  createFailed: 'Failed to create template',
  updateFailed: 'Failed to update template',
  deleteFailed: 'Failed to delete template',
  categoriesFetchFailed: 'Failed to fetch categories',
  mediaUploadFailed: 'Failed to upload media file',
  empty: 'No templates found',
} as const;

/** Where `/api/media/upload` puts WhatsApp media; a template's media_url must be one of these. */
export const WA_MEDIA_URL_PREFIX = '/uploads/whatsapp_templates/';

/** The message a picked file breaks first for a media template, or null. */
export function waMediaFileProblem(type: WaMediaType, file: { type: string; size: number }) {
  if (!WA_MEDIA_KINDS[type].mimeTypes.includes(file.type)) return WA_MEDIA_KINDS[type].wrongType;
  if (file.size > WA_MEDIA_MAX_BYTES) return WA_TEMPLATE_MESSAGES.mediaTooLarge;
  return null;
}

const optionalTrimmed = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : undefined));

export const waButton = z
  .object({
    type: z.enum(WA_BUTTON_TYPES, { error: WA_TEMPLATE_MESSAGES.buttonType }),
    // Required, at most 25 characters, and the URL or number its type needs: wa-rules.ts.
    text: z.string({ error: WA_RULE_MESSAGES.buttonTextRequired }).trim(),
    url: optionalTrimmed,
    phone_number: optionalTrimmed,
  })
  // A button keeps only the target of its own type.
  .transform((b) => ({
    type: b.type,
    text: b.text,
    ...(b.type === 'url' && { url: b.url }),
    ...(b.type === 'phone_number' && { phone_number: b.phone_number?.replace(/[\s()-]/g, '') }),
  }));
export type WaButton = z.output<typeof waButton>;
export type WaButtonInput = z.input<typeof waButton>;

/**
 * Spec §5 "WhatsApp template" plus WhatsApp's own rules (`wa-rules.ts`): the editor, `POST`
 * and `PUT /wa/templates`. A media template's header is its media; a text template's header
 * is none or text. Header text, media and samples that do not apply are dropped.
 */
export const waTemplateInput = z
  .object({
    name: z
      .string({ error: WA_TEMPLATE_MESSAGES.nameRequired })
      .trim()
      .min(1, WA_TEMPLATE_MESSAGES.nameRequired)
      .min(WA_TEMPLATE_NAME_MIN, WA_TEMPLATE_MESSAGES.nameMin),
    // A missing category is refused below, without stopping WhatsApp's rules from being checked.
    category: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      idValue(WA_TEMPLATE_MESSAGES.categoryRequired).optional(),
    ),
    type: z.enum(WA_TEMPLATE_TYPES, { error: WA_TEMPLATE_MESSAGES.type }).default('text'),
    template_language: z
      .enum(WA_LANGUAGES, { error: WA_TEMPLATE_MESSAGES.language })
      .default(WA_DEFAULT_LANGUAGE),
    status: z.enum(WA_TEMPLATE_STATUSES, { error: WA_TEMPLATE_MESSAGES.status }).default('draft'),
    header_type: z
      .enum(WA_HEADER_TYPES, { error: WA_TEMPLATE_MESSAGES.headerType })
      .nullish()
      .transform((v) => v ?? 'none'),
    header_content: optionalTrimmed,
    body_text: z
      .string({ error: WA_TEMPLATE_MESSAGES.bodyRequired })
      .trim()
      .min(1, WA_TEMPLATE_MESSAGES.bodyRequired),
    footer_text: optionalTrimmed,
    media_url: optionalTrimmed,
    buttons: z.array(waButton).default([]),
    sample_values: z
      .record(
        z.string(),
        z
          .string()
          .trim()
          .max(WA_SAMPLE_MAX, WA_TEMPLATE_MESSAGES.sampleMax)
          .nullish()
          .transform((v) => v ?? ''),
      )
      .nullish()
      .transform((v) => v ?? {}),
  })
  .superRefine((t, ctx) => {
    const at = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (t.category === undefined) at(['category'], WA_TEMPLATE_MESSAGES.categoryRequired);
    if (isWaMediaType(t.type)) {
      if (!t.media_url) at(['media_url'], WA_TEMPLATE_MESSAGES.mediaRequired(t.type));
      else if (!t.media_url.startsWith(WA_MEDIA_URL_PREFIX) || t.media_url.includes('..'))
        at(['media_url'], WA_TEMPLATE_MESSAGES.mediaNotUploaded);
    } else {
      if (t.header_type !== 'none' && t.header_type !== 'text')
        at(['header_type'], WA_TEMPLATE_MESSAGES.headerType);
      if (t.header_type === 'text' && !t.header_content)
        at(['header_content'], WA_TEMPLATE_MESSAGES.headerRequired);
    }
    for (const issue of waTemplateIssues(t))
      if (issue.severity === 'error') at(issue.path, issue.message);
  })
  .meta({
    description: `category is required. A media template (${WA_MEDIA_TEMPLATE_TYPES.join(', ')}) needs media_url, a file uploaded under ${WA_MEDIA_URL_PREFIX}; a text template's header_type is none or text, and text needs header_content. And WhatsApp's own rules: ${Object.values(WA_RULES).join('; ')}.`,
  })
  .transform((t) => {
    const media = isWaMediaType(t.type);
    const headerType = media ? t.type : t.header_type;
    const used = waTemplateVariables({ ...t, header_type: headerType });
    return {
      ...t,
      // Present: its absence was refused above.
      category: t.category!,
      header_type: headerType,
      header_content: headerType === 'text' ? t.header_content : undefined,
      media_url: media ? t.media_url : undefined,
      sample_values: Object.fromEntries(used.map((v) => [v, t.sample_values[v] ?? ''])),
    };
  });
export type WaTemplateInput = z.input<typeof waTemplateInput>;
export type WaTemplateValues = z.output<typeof waTemplateInput>;

export const waTemplate = z.object({
  _id: z.number().int(),
  name: z.string(),
  category: z.object({ _id: z.number().int(), name: z.string(), icon: z.string().nullable() }),
  type: z.enum(WA_TEMPLATE_TYPES),
  template_language: z.enum(WA_LANGUAGES),
  status: z.enum(WA_TEMPLATE_STATUSES),
  header_type: z.enum(WA_HEADER_TYPES),
  header_content: z.string().nullable(),
  body_text: z.string(),
  footer_text: z.string().nullable(),
  media_url: z.string().nullable(),
  buttons: z.array(
    z.object({
      type: z.enum(WA_BUTTON_TYPES),
      text: z.string(),
      url: z.string().optional(),
      phone_number: z.string().optional(),
    }),
  ),
  sample_values: z.record(z.string(), z.string()),
  usage_count: z.number().int(),
  created_by: z.object({ email: z.string().nullable() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WaTemplate = z.infer<typeof waTemplate>;

const emptyToUndefined = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(['', ...values] as unknown as readonly [string, ...string[]], { error: message })
    .optional()
    .transform((v) => (v ? (v as T[number]) : undefined));

export const waTemplatesQuery = paginationQuery.extend({
  search: optionalText,
  category: z
    .union([z.literal(''), idValue(WA_TEMPLATE_MESSAGES.categoryNotFound)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  type: emptyToUndefined(WA_TEMPLATE_TYPES, WA_TEMPLATE_MESSAGES.type),
  status: emptyToUndefined(WA_TEMPLATE_STATUSES, WA_TEMPLATE_MESSAGES.status),
});
export type WaTemplatesQuery = z.input<typeof waTemplatesQuery>;

/** Spec §7: the list answers `templates` and `pagination`. */
export const waTemplatesPage = z.object({ templates: z.array(waTemplate), pagination });
export type WaTemplatesPage = z.infer<typeof waTemplatesPage>;

export const WA_TEMPLATE_SUCCESS = {
  listed: 'Templates fetched successfully',
  fetched: 'Template fetched successfully',
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  deleted: 'Template deleted successfully',
} as const;
