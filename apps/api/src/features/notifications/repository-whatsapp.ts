import { eq } from 'drizzle-orm';
import {
  WA_SEND_MESSAGES,
  isWaMediaType,
  waVariableNames,
  waSendVariableProblems,
  waTemplateVariables,
  type WaSendValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { waTemplates } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { SendContent } from './repository-sends';

/**
 * Where a template chosen inside another request (an availability ask) is checked: its
 * problems are that request's fields (400), not the template's own 404 and 409.
 */
export interface WaChoiceFields {
  template: string;
  variables: string;
  /** What a value may be filled from besides fixed text. */
  fields: readonly string[];
}

/**
 * What a WhatsApp send sends: an approved template, by Meta's name and language, with Meta's
 * `components` holding each parameter as the value the administrator mapped (a {{user field}}
 * filled per recipient by the worker, or fixed text).
 */
export async function whatsappSendContent(
  db: Db,
  id: number,
  v: Pick<WaSendValues, 'variables'>,
  publicUrl: string | undefined,
  within?: WaChoiceFields,
): Promise<SendContent> {
  const [t] = await db.select().from(waTemplates).where(eq(waTemplates.id, id));
  const refuse = (message: string, as: (m: string) => Error) =>
    within ? badRequest(message, { [within.template]: [message] }) : as(message);
  if (!t) throw refuse(WA_SEND_MESSAGES.templateNotFound, notFound);
  if (t.status !== 'approved') throw refuse(WA_SEND_MESSAGES.notApproved(t.status), conflict);
  const draft = {
    type: t.type,
    header_type: t.headerType,
    header_content: t.headerContent,
    body_text: t.bodyText,
    buttons: t.buttons,
  };
  const names = waTemplateVariables(draft);
  const problems = waSendVariableProblemsFor(names, v.variables, within);
  if (problems) throw problems;
  const text = (name: string) => v.variables[name]!;
  const named = (source: string | null) =>
    [...new Set(waVariableNames(source))].map((name) => ({
      type: 'text',
      parameter_name: name,
      text: text(name),
    }));

  const components: unknown[] = [];
  const headerParams = draft.header_type === 'text' ? named(t.headerContent) : [];
  if (headerParams.length) components.push({ type: 'header', parameters: headerParams });
  // A media header is sent as a link Meta fetches: it needs the product's public address.
  if (isWaMediaType(t.type) && t.mediaUrl && publicUrl)
    components.push({
      type: 'header',
      parameters: [{ type: t.type, [t.type]: { link: `${publicUrl}${t.mediaUrl}` } }],
    });
  const bodyParams = named(t.bodyText);
  if (bodyParams.length) components.push({ type: 'body', parameters: bodyParams });
  t.buttons.forEach((b, index) => {
    const [name] = b.type === 'url' ? waVariableNames(b.url) : [];
    if (name)
      components.push({
        type: 'button',
        sub_type: 'url',
        index: String(index),
        parameters: [{ type: 'text', text: text(name) }],
      });
  });

  return {
    channel: 'whatsapp',
    templateId: null,
    waTemplateId: t.id,
    topicId: t.topicId,
    templateName: t.name,
    subject: null,
    message: t.bodyText,
    waLanguage: t.templateLanguage,
    waComponents: components,
    variables: v.variables,
  };
}

function waSendVariableProblemsFor(
  names: string[],
  variables: Record<string, string>,
  within: WaChoiceFields | undefined,
) {
  const problems = waSendVariableProblems(names, variables, within?.fields);
  const keys = Object.keys(problems);
  if (keys.length === 0) return null;
  const field = within?.variables ?? 'variables';
  return badRequest(
    problems[keys[0]!]!,
    Object.fromEntries(keys.map((k) => [`${field}.${k}`, [problems[k]!]])),
  );
}
