import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  WA_MEDIA_URL_PREFIX,
  WA_TEMPLATE_MESSAGES,
  WHATSAPP_CATEGORIES,
  WHATSAPP_QUALITY_RATINGS,
  isWaMediaType,
  metaTemplateBody,
  numberedVariables,
  type WaSyncResult,
  type WaTemplate,
  type WaTemplateStatus,
  type WaTemplateValues,
  type WhatsAppCategory,
  type WhatsAppQualityRating,
} from '@cricket/contracts';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db/client';
import { media } from '../../db/schema';
import { conflict, HttpError } from '../../lib/http-errors';
import { localDirectoryStorage } from '../../lib/storage';
import { GraphApiError, type GraphClient } from '../../lib/whatsapp-graph';
import { auditBySystem, type AuditWriter } from '../../plugins/audit';
import type { WebhookChange } from '../../plugins/whatsapp-webhook';
import {
  applyMetaReport,
  getTemplate,
  recordSubmission,
  templateIdentities,
  updateTemplate,
  type MetaReport,
} from './repository';
import { assertEditAllowed, assertEditableOnWhatsApp } from './rules';

/**
 * WhatsApp templates and Meta (issue 31, decision 044): submitting, re-submitting an edit,
 * following Meta's reports (webhook) and reading them again on demand (sync). Meta's refusals
 * answer 502 with Meta's error in full; the template is then unchanged.
 */

/** Meta's statuses and webhook events, in ours. Others (FLAGGED, PENDING_DELETION…) change none. */
const META_STATUSES: Record<string, WaTemplateStatus> = {
  APPROVED: 'approved',
  REINSTATED: 'approved',
  PENDING: 'pending',
  IN_APPEAL: 'pending',
  REJECTED: 'rejected',
  PAUSED: 'paused',
  DISABLED: 'disabled',
};

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : undefined;

const metaCategory = (value: unknown) => oneOf<WhatsAppCategory>(WHATSAPP_CATEGORIES, value);
const metaQuality = (value: unknown) =>
  oneOf<WhatsAppQualityRating>(WHATSAPP_QUALITY_RATINGS, value);

/** Meta's reason in words: its code (INVALID_FORMAT…) and any title and description it added. */
function reasonOf(reason: unknown, info?: unknown): string | null {
  const other = (info ?? {}) as { title?: unknown; description?: unknown };
  const parts = [
    typeof reason === 'string' && reason !== 'NONE' && reason !== '' ? reason : null,
    typeof other.title === 'string' ? other.title : null,
    typeof other.description === 'string' ? other.description : null,
  ].filter(Boolean);
  return parts.length ? parts.join(': ') : null;
}

/** The report of a status: approval clears an old reason; a refusal or pause keeps Meta's. */
function statusReport(status: WaTemplateStatus, reason: string | null | undefined): MetaReport {
  if (status === 'rejected' || status === 'paused' || status === 'disabled')
    return { status, ...(reason !== undefined && { rejectedReason: reason }) };
  return { status, rejectedReason: null };
}

const whatsAppActor = () => auditBySystem('WhatsApp', 'wa_template');

function connected(app: FastifyInstance): GraphClient {
  if (!app.whatsapp) throw conflict(WA_TEMPLATE_MESSAGES.notConnected);
  return app.whatsapp;
}

/** Meta's refusal (or silence) as the admin's answer: 502 with code, title and messages. */
async function askMeta<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof GraphApiError)
      throw new HttpError(502, WA_TEMPLATE_MESSAGES.whatsappRefused(err.describe()));
    throw err;
  }
}

/** A media header's handle, through Meta's resumable upload: a session, then the bytes. */
async function uploadHeader(app: FastifyInstance, graph: GraphClient, t: WaTemplate) {
  const missing = () =>
    conflict(WA_TEMPLATE_MESSAGES.mediaMissing, { media_url: [WA_TEMPLATE_MESSAGES.mediaMissing] });
  if (!t.media_url?.startsWith(WA_MEDIA_URL_PREFIX)) throw missing();
  const fileName = t.media_url.slice(WA_MEDIA_URL_PREFIX.length);
  const [file] = await app.db
    .select({ mimeType: media.mimeType })
    .from(media)
    .where(and(eq(media.type, 'whatsapp_templates'), eq(media.fileName, fileName)));
  const bytes = file
    ? await localDirectoryStorage(app.config.uploadDir).read(`whatsapp_templates/${fileName}`)
    : null;
  if (!file || !bytes) throw missing();
  if (!graph.config.appId) throw conflict(WA_TEMPLATE_MESSAGES.noAppId);
  const session = await askMeta(
    graph.request<{ id: string }>({
      method: 'POST',
      path: `/${graph.config.appId}/uploads`,
      query: { file_name: fileName, file_length: bytes.length, file_type: file.mimeType },
    }),
  );
  const { h } = await askMeta(
    graph.request<{ h: string }>({
      method: 'POST',
      path: `/${session.id}`,
      auth: 'OAuth',
      headers: { file_offset: '0' },
      // A copy on its own ArrayBuffer: what fetch takes as a body.
      body: new Uint8Array(bytes),
    }),
  );
  return h;
}

/** Meta's body for a template, its media header uploaded first. */
async function bodyFor(app: FastifyInstance, graph: GraphClient, t: WaTemplate) {
  const numbered = numberedVariables(t);
  if (numbered.length) {
    const message = WA_TEMPLATE_MESSAGES.numberedVariables(numbered);
    throw conflict(message, { body_text: [message] });
  }
  const handle = isWaMediaType(t.type) ? await uploadHeader(app, graph, t) : undefined;
  return metaTemplateBody(t, handle);
}

/** POST /wa/templates/{id}/submit: Meta's id, status and category are stored. */
export async function submitTemplate(app: FastifyInstance, id: number, audit: AuditWriter) {
  const template = await getTemplate(app.db, id);
  const graph = connected(app);
  if (template.whatsapp_template_id !== null) throw conflict(WA_TEMPLATE_MESSAGES.alreadySubmitted);
  const body = await bodyFor(app, graph, template);
  const answer = await askMeta(
    graph.request<{ id: string; status?: string; category?: string }>({
      method: 'POST',
      path: `/${graph.config.wabaId}/message_templates`,
      json: body,
    }),
  );
  return recordSubmission(
    app.db,
    id,
    {
      whatsappTemplateId: String(answer.id),
      status: META_STATUSES[answer.status ?? ''] ?? 'pending',
      whatsappCategory: metaCategory(answer.category) ?? template.whatsapp_category,
    },
    audit,
  );
}

/** What of a template Meta holds: its body without the media handle, which is new each upload. */
const metaShape = (t: WaTemplate) => ({ body: metaTemplateBody(t), media: t.media_url });

/**
 * PUT /wa/templates/{id}. Connected, a submitted template whose content for Meta changed is
 * edited at Meta first (`POST /{template id}`); Meta's refusal (its edit limits included)
 * leaves it unchanged, and its acceptance makes it pending again.
 */
export async function editTemplate(
  app: FastifyInstance,
  id: number,
  values: WaTemplateValues,
  audit: AuditWriter,
  /** The If-Match check's transaction (decision 059): a stale edit never reaches Meta. */
  db: Db = app.db,
) {
  const isConnected = app.whatsapp !== null;
  let resubmitted = false;
  if (isConnected) {
    const current = await getTemplate(db, id);
    assertEditAllowed(current, values, true);
    if (current.whatsapp_template_id !== null) {
      const next: WaTemplate = {
        ...current,
        ...values,
        header_content: values.header_content ?? null,
        footer_text: values.footer_text ?? null,
        media_url: values.media_url ?? null,
        category: current.category,
      };
      if (!isDeepStrictEqual(metaShape(current), metaShape(next))) {
        assertEditableOnWhatsApp(current);
        const graph = connected(app);
        const body = await bodyFor(app, graph, next);
        await askMeta(
          graph.request({
            method: 'POST',
            path: `/${current.whatsapp_template_id}`,
            json: {
              ...(next.whatsapp_category !== current.whatsapp_category && {
                category: next.whatsapp_category,
              }),
              components: body.components,
            },
          }),
        );
        resubmitted = true;
      }
    }
  }
  const template = await updateTemplate(db, id, values, audit, {
    connected: isConnected,
    resubmitted,
  });
  return { template, resubmitted };
}

interface MetaListed {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  quality_score?: { score?: string };
  rejected_reason?: string;
}

/** Every template of the business account, all pages. */
async function listAtMeta(graph: GraphClient) {
  const all: MetaListed[] = [];
  let page = await askMeta(
    graph.request<{ data: MetaListed[]; paging?: { next?: string } }>({
      method: 'GET',
      path: `/${graph.config.wabaId}/message_templates`,
      query: {
        fields: 'id,name,language,status,category,quality_score,rejected_reason',
        limit: 100,
      },
    }),
  );
  for (;;) {
    all.push(...page.data);
    if (!page.paging?.next) return all;
    page = await askMeta(graph.request<typeof page>({ method: 'GET', path: page.paging.next }));
  }
}

/**
 * POST /wa/templates/sync: Meta's list read whole, each template here brought to it (status,
 * quality, category, reason), each change recorded with the actor WhatsApp. A template here
 * with no Meta id but Meta's name and language is Meta's (its submit answer was lost, or it
 * was made in WhatsApp Manager): it takes the id. Meta's others are listed as unknown.
 */
export async function syncTemplates(app: FastifyInstance): Promise<WaSyncResult> {
  const graph = connected(app);
  const listed = await listAtMeta(graph);
  const ours = await templateIdentities(app.db);
  const byMetaId = new Map(
    ours.flatMap((t) => (t.whatsappTemplateId ? [[t.whatsappTemplateId, t]] : [])),
  );
  const unsubmitted = new Map(
    ours.filter((t) => t.whatsappTemplateId === null).map((t) => [`${t.name}|${t.language}`, t]),
  );
  const result: WaSyncResult = { checked: listed.length, updated: [], unknown: [], missing: [] };
  const audit = whatsAppActor();
  for (const m of listed) {
    const id = String(m.id);
    const row = byMetaId.get(id) ?? unsubmitted.get(`${m.name}|${m.language}`);
    if (!row) {
      result.unknown.push({
        id,
        name: m.name,
        language: m.language,
        status: m.status,
        category: m.category,
      });
      continue;
    }
    unsubmitted.delete(`${m.name}|${m.language}`);
    const status = META_STATUSES[m.status];
    const report: MetaReport = {
      whatsappTemplateId: id,
      ...(status && statusReport(status, reasonOf(m.rejected_reason))),
      whatsappCategory: metaCategory(m.category),
      qualityRating: metaQuality(m.quality_score?.score),
    };
    const applied = await applyMetaReport(app.db, { id: row.id }, report, audit);
    if (applied?.changes.length)
      result.updated.push({ _id: applied.id, name: applied.name, changes: applied.changes });
  }
  const atMeta = new Set(listed.map((m) => String(m.id)));
  for (const t of ours)
    if (t.whatsappTemplateId && !atMeta.has(t.whatsappTemplateId))
      result.missing.push({ _id: t.id, name: t.name });
  return result;
}

/** Meta's webhook fields about templates, each applied by state with the actor WhatsApp. */
export function followTemplateWebhooks(app: FastifyInstance) {
  const apply = async (change: WebhookChange, report: MetaReport) => {
    const metaId = change.value.message_template_id;
    if (typeof metaId !== 'number' && typeof metaId !== 'string') return;
    const applied = await applyMetaReport(
      app.db,
      { whatsappTemplateId: String(metaId) },
      report,
      whatsAppActor(),
    );
    if (!applied)
      app.log.info(
        { field: change.field, whatsapp_template_id: String(metaId) },
        'WhatsApp reported a template that is not here: ignored',
      );
  };

  app.whatsappWebhook.on('message_template_status_update', async (change) => {
    const status = META_STATUSES[String(change.value.event)];
    if (!status) {
      app.log.info(
        { event: change.value.event, whatsapp_template_id: change.value.message_template_id },
        'WhatsApp template event that changes no status: ignored',
      );
      return;
    }
    await apply(
      change,
      statusReport(status, reasonOf(change.value.reason, change.value.other_info)),
    );
  });
  app.whatsappWebhook.on('message_template_quality_update', async (change) => {
    const quality = metaQuality(change.value.new_quality_score);
    if (quality) await apply(change, { qualityRating: quality });
  });
  app.whatsappWebhook.on('template_category_update', async (change) => {
    const category = metaCategory(change.value.new_category);
    if (category) await apply(change, { whatsappCategory: category });
  });
}
