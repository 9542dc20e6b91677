import { z } from 'zod';
import {
  idValue,
  optionalText,
  pagination,
  paginationQuery,
  templateTopicId,
  sortQuery,
} from './common.ts';
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
/** Spec §4's four, and the two only Meta reports (issue 31): paused and disabled. */
export const WA_TEMPLATE_STATUSES = [
  'draft',
  'pending',
  'approved',
  'rejected',
  'paused',
  'disabled',
] as const;
export type WaTemplateStatus = (typeof WA_TEMPLATE_STATUSES)[number];
/**
 * Spec §4: the statuses typed by hand, where WhatsApp does not decide them (not connected, or
 * a template never submitted). Create offers draft, pending and approved; edit adds rejected.
 */
export const WA_MANUAL_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export const WA_CREATE_STATUSES = ['draft', 'pending', 'approved'] as const;

/** Meta's template categories, sent as `category` (decision 044). */
export const WHATSAPP_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export type WhatsAppCategory = (typeof WHATSAPP_CATEGORIES)[number];
export const WHATSAPP_DEFAULT_CATEGORY: WhatsAppCategory = 'UTILITY';
export const WHATSAPP_CATEGORY_LABELS: Record<WhatsAppCategory, string> = {
  UTILITY: 'Utility',
  MARKETING: 'Marketing',
  AUTHENTICATION: 'Authentication',
};
/** The editor's one-line explanation of each, in Meta's terms. */
export const WHATSAPP_CATEGORY_HELP: Record<WhatsAppCategory, string> = {
  UTILITY:
    'About something the player asked for or takes part in: a match reminder, a fixture change, a payment receipt. No promotion.',
  MARKETING:
    'Promotion, offers, news or invitations to something new. Charged higher and limited per player; Meta moves promotional "utility" templates here.',
  AUTHENTICATION:
    'One-time passcodes only. Meta writes the wording itself (the code and a security note): a template with its own text is rejected.',
};

/** Meta's quality rating of an approved template, from the players' reactions. */
export const WHATSAPP_QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type WhatsAppQualityRating = (typeof WHATSAPP_QUALITY_RATINGS)[number];
export const WHATSAPP_QUALITY_LABELS: Record<WhatsAppQualityRating, string> = {
  GREEN: 'High quality',
  YELLOW: 'Medium quality',
  RED: 'Low quality',
  UNKNOWN: 'Quality pending',
};

/** What each status means, for the screens and the README. */
export const WA_STATUS_HELP: Record<WaTemplateStatus, string> = {
  draft: 'Not submitted to WhatsApp.',
  pending: 'WhatsApp is reviewing it (usually minutes, up to 24 hours).',
  approved: 'WhatsApp approved it: it can be sent.',
  rejected: 'WhatsApp refused it; the reason says why. Edit it to submit it again.',
  paused:
    'WhatsApp paused it after players reported or blocked it (low quality): it cannot be sent for now.',
  disabled: 'WhatsApp disabled it after repeated pauses: it can no longer be sent or edited.',
};
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
  whatsappCategory: 'Please choose a WhatsApp category: Utility, Marketing or Authentication',
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
  /** Issue 31: WhatsApp connected (decision 044). */
  notConnected:
    'WhatsApp is not connected: set WHATSAPP_ACCESS_TOKEN and WHATSAPP_WABA_ID to submit templates',
  alreadySubmitted:
    'This template was submitted to WhatsApp already: edit it to submit the changes',
  numberedVariables: (names: string[]) =>
    `WhatsApp receives named variables: rename ${names.map((n) => `{{${n}}}`).join(', ')} to a name such as {{first_name}} before submitting`,
  statusByWhatsApp: 'WhatsApp decides the status of a template submitted to it',
  underReview: 'WhatsApp is reviewing this template: it can be edited once approved or rejected',
  disabledByWhatsApp: 'WhatsApp disabled this template: it can no longer be edited',
  identityLocked:
    'The name and language of a template submitted to WhatsApp cannot change: create a new template instead',
  noAppId:
    'WHATSAPP_APP_ID is not set: a media header is uploaded to WhatsApp through the app, so it is needed to submit this template',
  mediaMissing: 'The header file of this template is missing: upload it again',
  whatsappRefused: (detail: string) => `WhatsApp refused: ${detail}`,
  submitFailed: 'Failed to submit template',
  syncFailed: 'Failed to sync with WhatsApp',
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
    topic_id: templateTopicId,
    type: z.enum(WA_TEMPLATE_TYPES, { error: WA_TEMPLATE_MESSAGES.type }).default('text'),
    template_language: z
      .enum(WA_LANGUAGES, { error: WA_TEMPLATE_MESSAGES.language })
      .default(WA_DEFAULT_LANGUAGE),
    // Beyond the manual ones (spec §4), a status only WhatsApp sets may be sent back unchanged.
    status: z.enum(WA_TEMPLATE_STATUSES, { error: WA_TEMPLATE_MESSAGES.status }).default('draft'),
    whatsapp_category: z
      .enum(WHATSAPP_CATEGORIES, { error: WA_TEMPLATE_MESSAGES.whatsappCategory })
      .default(WHATSAPP_DEFAULT_CATEGORY),
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
  /** Null: an account message. */
  topic_id: z.number().int().nullable(),
  type: z.enum(WA_TEMPLATE_TYPES),
  template_language: z.enum(WA_LANGUAGES),
  status: z.enum(WA_TEMPLATE_STATUSES),
  /** Meta's category (it may move a UTILITY template to MARKETING). */
  whatsapp_category: z.enum(WHATSAPP_CATEGORIES),
  /** Meta's id once submitted; null before. */
  whatsapp_template_id: z.string().nullable(),
  quality_rating: z.enum(WHATSAPP_QUALITY_RATINGS).nullable(),
  /** Meta's reason when it rejected (or paused) the template. */
  rejected_reason: z.string().nullable(),
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

/** The list's sortable columns (issue 33). */
export const WA_TEMPLATE_SORT_KEYS = [
  'name',
  'category',
  'type',
  'status',
  'usage_count',
  'created_at',
] as const;

export const waTemplatesQuery = paginationQuery.extend({
  search: optionalText,
  category: z
    .union([z.literal(''), idValue(WA_TEMPLATE_MESSAGES.categoryNotFound)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  type: emptyToUndefined(WA_TEMPLATE_TYPES, WA_TEMPLATE_MESSAGES.type),
  status: emptyToUndefined(WA_TEMPLATE_STATUSES, WA_TEMPLATE_MESSAGES.status),
  ...sortQuery(WA_TEMPLATE_SORT_KEYS),
});
export type WaTemplatesQuery = z.input<typeof waTemplatesQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const waTemplatesExportQuery = waTemplatesQuery.omit({ page: true, limit: true });
/** The WhatsApp templates export's header row: the list's columns, with the id and language. */
export const WA_TEMPLATE_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Template Name',
  category: 'Category',
  type: 'Type',
  template_language: 'Language',
  status: 'Status',
  whatsapp_template_id: 'WhatsApp Template ID',
  usage_count: 'Usage Count',
  created_at: 'Created At',
} as const;

/** Spec §7: the list answers `templates` and `pagination`. */
export const waTemplatesPage = z.object({ templates: z.array(waTemplate), pagination });
export type WaTemplatesPage = z.infer<typeof waTemplatesPage>;

export const WA_TEMPLATE_SUCCESS = {
  listed: 'Templates fetched successfully',
  fetched: 'Template fetched successfully',
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  deleted: 'Template deleted successfully',
  submitted: 'Template submitted to WhatsApp for approval',
  connection: 'WhatsApp connection fetched successfully',
  resubmitted: 'Template updated and submitted to WhatsApp again',
  synced: (checked: number, updated: number, unknown: number) =>
    `Synced with WhatsApp: ${checked} ${checked === 1 ? 'template' : 'templates'} checked, ${updated} updated` +
    (unknown ? `, ${unknown} known only to WhatsApp` : ''),
} as const;

/** The screens' words about WhatsApp itself (issue 31). */
export const WA_WHATSAPP_TEXTS = {
  submit: 'Submit for approval',
  saveAndSubmit: 'Save and submit for approval',
  sync: 'Sync with WhatsApp',
  syncing: 'Syncing...',
  reviewTitle: 'Submit for approval',
  reviewDescription:
    'WhatsApp reviews the template, usually within minutes and at most 24 hours. This is what is sent:',
  reviewConfirm: 'Submit to WhatsApp',
  reviewJson: 'As sent to WhatsApp (JSON)',
  mediaHandle: (file: string) => `<handle of ${file}, uploaded to WhatsApp first>`,
  statusLocked: 'WhatsApp decides the status of a submitted template',
  identityLocked: 'WhatsApp knows the template by its name and language: they cannot change',
  categoryLocked: 'WhatsApp does not change the category of an approved template',
  resubmitNote:
    'Saving sends the changes to WhatsApp, which reviews the template again. WhatsApp allows an approved template to be edited once a day and 10 times in 30 days.',
  unknownTitle: (n: number) => `${n} ${n === 1 ? 'template' : 'templates'} known only to WhatsApp`,
  unknownHint:
    'Made in WhatsApp Manager or deleted here. They stay at WhatsApp; create one here with the same name and language and sync to follow it.',
  missingTitle: (n: number) =>
    `${n} ${n === 1 ? 'template' : 'templates'} WhatsApp no longer lists`,
  missingHint: 'Deleted in WhatsApp Manager: they cannot be sent.',
} as const;

/** GET /wa/connection: whether WhatsApp decides statuses here (decision 044). */
export const waConnection = z.object({
  connected: z.boolean(),
  /** `{PUBLIC_URL}/api/webhooks/whatsapp`, when PUBLIC_URL is set. */
  webhook_url: z.string().nullable(),
});
export type WaConnection = z.infer<typeof waConnection>;

/** A template Meta holds, as the sync reports it. */
export const metaTemplateSummary = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string(),
});

/** POST /wa/templates/sync's answer. */
export const waSyncResult = z.object({
  /** How many templates Meta listed. */
  checked: z.number().int(),
  /** Templates here whose status, quality, category or reason changed. */
  updated: z.array(
    z.object({
      _id: z.number().int(),
      name: z.string(),
      changes: z.array(z.string()).describe('the fields that changed'),
    }),
  ),
  /** Templates Meta holds that are not here (made in WhatsApp Manager, or deleted here). */
  unknown: z.array(metaTemplateSummary),
  /** Templates submitted from here that Meta no longer lists (deleted in WhatsApp Manager). */
  missing: z.array(z.object({ _id: z.number().int(), name: z.string() })),
});
export type WaSyncResult = z.infer<typeof waSyncResult>;
