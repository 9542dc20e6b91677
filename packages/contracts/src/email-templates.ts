import { z } from 'zod';
import { lineText, nameText, optionalText, pageOf, paginationQuery, sortQuery } from './common.ts';
import { TEMPLATE_VARIABLES_RULE, templateVariableProblem } from './template-variables.ts';

/** Spec §3 "Email template": its kinds and states. */
export const EMAIL_TEMPLATE_TYPES = [
  'welcome',
  'newsletter',
  'promotional',
  'transactional',
  'reminder',
  'notification',
] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const EMAIL_TEMPLATE_STATUSES = ['draft', 'active', 'inactive', 'archived'] as const;
export type EmailTemplateStatus = (typeof EMAIL_TEMPLATE_STATUSES)[number];
/** Spec §4: create offers draft (the default), active and inactive; archived is for edits. */
export const EMAIL_TEMPLATE_CREATE_STATUSES = ['draft', 'active', 'inactive'] as const;

export const EMAIL_TEMPLATE_NAME_MAX = 100;
export const EMAIL_TEMPLATE_SUBJECT_MAX = 200;
export const EMAIL_TEMPLATE_DESCRIPTION_MAX = 500;
/** An HTML email body; far above any real template, far below the API's 1 MB body limit. */
export const EMAIL_TEMPLATE_CONTENT_MAX = 100_000;

export const EMAIL_TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  nameMax: `Template name must not exceed ${EMAIL_TEMPLATE_NAME_MAX} characters`,
  subjectRequired: 'Subject is required',
  subjectMax: `Subject must not exceed ${EMAIL_TEMPLATE_SUBJECT_MAX} characters`,
  contentRequired: 'Content is required',
  contentMax: `Content must not exceed ${EMAIL_TEMPLATE_CONTENT_MAX} characters`,
  descriptionMax: `Description must not exceed ${EMAIL_TEMPLATE_DESCRIPTION_MAX} characters`,
  invalidType: 'Please choose a valid template type',
  invalidStatus: 'Please choose a valid status',
  notFound: 'Email template not found',
  invalidForm: 'Please fix the validation errors before submitting',
  fetchFailed: 'Error fetching templates',
  createFailed: 'Failed to create template',
  updateFailed: 'Failed to update template',
  deleteFailed: 'Error deleting template',
  testFailed: 'Failed to send test email',
  /** No SMTP_URL: nothing can be sent, and nothing pretends to be. */
  noTransport: 'Email is not configured on this server',
  /** Empty state of the list. */
  empty: 'No email templates found',
} as const;

export const EMAIL_TEMPLATE_SUCCESS = {
  listed: 'Email templates fetched successfully',
  fetched: 'Email template fetched successfully',
  created: 'Template created successfully!',
  updated: 'Template updated successfully!',
  deleted: (name: string) => `${name} deleted successfully!`,
  testSent: (email: string) => `Test email sent to ${email}`,
} as const;

/** A text whose `{{variable}}` placeholders must be ones the renderer knows. */
const withPlaceholders = <T extends z.ZodString>(field: T) =>
  field
    .superRefine((value, ctx) => {
      const problem = templateVariableProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    // After the field's own description (a subject's one-line rule), if it has one.
    .meta({ description: [field.description, TEMPLATE_VARIABLES_RULE].filter(Boolean).join(' ') });

/** Spec §5 "Email template create" (name, subject and content required): form, API and docs. */
export const emailTemplateInput = z.object({
  name: nameText('Template name', EMAIL_TEMPLATE_MESSAGES.nameRequired)
    .min(1, EMAIL_TEMPLATE_MESSAGES.nameRequired)
    .max(EMAIL_TEMPLATE_NAME_MAX, EMAIL_TEMPLATE_MESSAGES.nameMax),
  subject: withPlaceholders(
    lineText(EMAIL_TEMPLATE_MESSAGES.subjectRequired)
      .min(1, EMAIL_TEMPLATE_MESSAGES.subjectRequired)
      .max(EMAIL_TEMPLATE_SUBJECT_MAX, EMAIL_TEMPLATE_MESSAGES.subjectMax),
  ),
  template_type: z
    .enum(EMAIL_TEMPLATE_TYPES, { error: EMAIL_TEMPLATE_MESSAGES.invalidType })
    .default('notification'),
  status: z
    .enum(EMAIL_TEMPLATE_STATUSES, { error: EMAIL_TEMPLATE_MESSAGES.invalidStatus })
    .default('draft'),
  description: z
    .string()
    .trim()
    .max(EMAIL_TEMPLATE_DESCRIPTION_MAX, EMAIL_TEMPLATE_MESSAGES.descriptionMax)
    .default(''),
  content: withPlaceholders(
    z
      .string({ error: EMAIL_TEMPLATE_MESSAGES.contentRequired })
      .trim()
      .min(1, EMAIL_TEMPLATE_MESSAGES.contentRequired)
      .max(EMAIL_TEMPLATE_CONTENT_MAX, EMAIL_TEMPLATE_MESSAGES.contentMax),
  ),
});
export type EmailTemplateInput = z.input<typeof emailTemplateInput>;
export type EmailTemplateValues = z.output<typeof emailTemplateInput>;

const statusFilter = z
  .enum([...EMAIL_TEMPLATE_STATUSES, ''])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** The list's sortable columns (issue 33). */
export const EMAIL_TEMPLATE_SORT_KEYS = ['name', 'subject', 'status', 'created_at'] as const;

export const emailTemplatesQuery = paginationQuery.extend({
  name: optionalText,
  subject: optionalText,
  status: statusFilter,
  ...sortQuery(EMAIL_TEMPLATE_SORT_KEYS),
});
export type EmailTemplatesQuery = z.input<typeof emailTemplatesQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const emailTemplatesExportQuery = emailTemplatesQuery.omit({ page: true, limit: true });
/** The email templates export's header row: the list's columns, with the id and type. */
export const EMAIL_TEMPLATE_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Template Name',
  subject: 'Subject',
  template_type: 'Type',
  status: 'Status',
  created_at: 'Created At',
} as const;

export const emailTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  template_type: z.enum(EMAIL_TEMPLATE_TYPES),
  status: z.enum(EMAIL_TEMPLATE_STATUSES),
  description: z.string(),
  content: z.string(),
  used_count: z.number().int(),
  created_at: z.string(),
  last_modified: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;

/** The list leaves out the HTML body: a page of templates need not carry 10 emails. */
export const emailTemplateSummary = emailTemplate.omit({ content: true });
export type EmailTemplateSummary = z.infer<typeof emailTemplateSummary>;
export const emailTemplatesPage = pageOf(emailTemplateSummary);

/**
 * The document the preview iframe loads. The template's HTML is never put into the page's own
 * DOM: it goes into a `sandbox` iframe without `allow-scripts` through `srcdoc`, and this
 * policy, first in the document, forbids scripts, plugins, forms and every remote load
 * (images only from data: URLs, styles inline).
 */
export const EMAIL_PREVIEW_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";

export function emailPreviewDocument(renderedHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${EMAIL_PREVIEW_CSP}"><meta name="referrer" content="no-referrer"></head><body>${renderedHtml}</body></html>`;
}

/** Filled-in values are text: escaped before they enter the HTML. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
