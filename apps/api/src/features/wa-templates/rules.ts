import { and, eq, ne } from 'drizzle-orm';
import {
  WA_MANUAL_STATUSES,
  WA_MEDIA_KINDS,
  WA_MEDIA_URL_PREFIX,
  WA_MEDIA_MAX_BYTES,
  WA_TEMPLATE_MESSAGES,
  isWaMediaType,
  type WaTemplate,
  type WaTemplateValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { media, waTemplateCategories, waTemplates } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-errors';
import { rethrowRefusal } from '../../lib/pg-error';

/**
 * The rules of WhatsApp templates that need the database, checked here and nowhere else
 * (decision 015); the rest, WhatsApp's own included, are in the contracts' `waTemplateInput`.
 */

const refuse = (field: string, message: string) => badRequest(message, { [field]: [message] });

export async function assertCategory(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: waTemplateCategories.id })
    .from(waTemplateCategories)
    .where(eq(waTemplateCategories.id, id));
  if (!row) throw refuse('category', WA_TEMPLATE_MESSAGES.categoryNotFound);
}

/**
 * A media template's file must be one `/api/media/upload` stored for WhatsApp templates, whose
 * sniffed type (recorded at upload) is of the template's kind and whose size is within 5 MB:
 * a PDF cannot become an image template's header by renaming it.
 */
export async function assertMedia(tx: Db, values: WaTemplateValues) {
  if (!isWaMediaType(values.type) || !values.media_url) return;
  const fileName = values.media_url.slice(WA_MEDIA_URL_PREFIX.length);
  const [file] = await tx
    .select({ mimeType: media.mimeType, size: media.size })
    .from(media)
    .where(and(eq(media.type, 'whatsapp_templates'), eq(media.fileName, fileName)));
  if (!file) throw refuse('media_url', WA_TEMPLATE_MESSAGES.mediaNotUploaded);
  const kind = WA_MEDIA_KINDS[values.type];
  if (!kind.mimeTypes.includes(file.mimeType)) throw refuse('media_url', kind.wrongType);
  if (file.size > WA_MEDIA_MAX_BYTES) throw refuse('media_url', WA_TEMPLATE_MESSAGES.mediaTooLarge);
}

const nameTaken = () =>
  conflict(WA_TEMPLATE_MESSAGES.nameTaken, { name: [WA_TEMPLATE_MESSAGES.nameTaken] });

/** WhatsApp knows a template by its name and language: one of each pair. */
export async function assertNameFree(tx: Db, values: WaTemplateValues, exceptId?: number) {
  const [row] = await tx
    .select({ id: waTemplates.id })
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.name, values.name),
        eq(waTemplates.templateLanguage, values.template_language),
        exceptId === undefined ? undefined : ne(waTemplates.id, exceptId),
      ),
    );
  if (row) throw nameTaken();
}

/** The type decides the header and media, so an edit keeps it (spec §2). */
export function assertSameType(current: string, next: string) {
  if (current !== next) throw refuse('type', WA_TEMPLATE_MESSAGES.typeLocked);
}

/** Paused and disabled are Meta's word: nobody types them. */
export function assertManualStatus(status: string) {
  if (!(WA_MANUAL_STATUSES as readonly string[]).includes(status))
    throw refuse('status', WA_TEMPLATE_MESSAGES.status);
}

/**
 * Who decides a template's status (decision 044). Not connected, or never submitted, the spec's
 * manual statuses stay: any of them, or the one it has. Submitted while connected, WhatsApp
 * decides: the status is sent back as it is, and the name and language, by which Meta knows
 * the template, stay.
 */
export function assertEditAllowed(current: WaTemplate, next: WaTemplateValues, connected: boolean) {
  assertStatusAllowed(current, next.status, connected);
  if (!connected || current.whatsapp_template_id === null) return;
  if (next.name !== current.name) throw refuse('name', WA_TEMPLATE_MESSAGES.identityLocked);
  if (next.template_language !== current.template_language)
    throw refuse('template_language', WA_TEMPLATE_MESSAGES.identityLocked);
}

/** The status part of the rule above: an edit's, and a bulk status change's. */
export function assertStatusAllowed(current: WaTemplate, status: string, connected: boolean) {
  if (status === current.status) return;
  if (!connected || current.whatsapp_template_id === null) assertManualStatus(status);
  else throw refuse('status', WA_TEMPLATE_MESSAGES.statusByWhatsApp);
}

/** Meta edits only a reviewed template (approved, rejected or paused), and never a disabled one. */
export function assertEditableOnWhatsApp(current: WaTemplate) {
  if (current.status === 'pending') throw conflict(WA_TEMPLATE_MESSAGES.underReview);
  if (current.status === 'disabled') throw conflict(WA_TEMPLATE_MESSAGES.disabledByWhatsApp);
}

/** Two saves can race past the name check; the unique index has the last word. */
export const rethrowTemplateRefusal = (err: unknown): never =>
  rethrowRefusal(err, ({ code, constraint }) =>
    code === '23505' && (constraint === undefined || constraint === 'wa_templates_name_language_uq')
      ? nameTaken()
      : undefined,
  );
