import { useCallback } from 'react';
import { generatePath, useLocation, useNavigate, useSearchParams } from 'react-router';

/*
 * How a record gets a URL of its own, so a reload, back/forward or a shared link shows it again.
 *
 * The convention (architecture, convention 6): a record's page is its list's path plus
 * `/view?id=N` (`/users/view?id=42`, `/teams/view?id=7`), and the link also carries `{ id }` as
 * navigation state, which the spec says the id travels in. Only where the spec names another
 * shape is it kept as named, with the id in the path: `/wa/templates/view/{id}` and the email
 * template panels `/email-templates/{id}` and `/email-templates/{id}/edit` (built with
 * `recordPathHref`, or by `usePanelState`'s routes). Every id read from a URL, a path parameter
 * or navigation state goes through `parseRecordId`; nothing else turns text into an id.
 */

/** The largest id a PostgreSQL `integer` (int4) column holds: anything above cannot exist. */
const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record id from a URL: a positive whole number written plainly ('42', not '042', '4.2e1' or
 * ' 42') that fits PostgreSQL's int4; anything else is null, which a screen shows as not found.
 */
export function parseRecordId(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_RECORD_ID ? id : null;
}

/** Whether text from a URL is a record id: the check of an id filter (`role_id`, `tournament_id`). */
export const isRecordId = (raw: string): boolean => parseRecordId(raw) !== null;

/** `recordViewHref('/users', 42)` is `/users/view?id=42`: the record page of that list. */
export function recordViewHref(listPath: string, id: number): string {
  return `${listPath}/view?id=${id}`;
}

/** A spec-named route with the id in its path: `recordPathHref('/wa/templates/view/:id', 7)`. */
export function recordPathHref(pattern: string, id: number): string {
  return generatePath(pattern, { id: String(id) });
}

/** Opens the record page of the list at `listPath` (`/users/view?id=42`, state `{ id: 42 }`). */
export function useOpenRecord(listPath: string): (id: number) => void {
  const navigate = useNavigate();
  return useCallback(
    (id: number) => void navigate(recordViewHref(listPath, id), { state: { id } }),
    [navigate, listPath],
  );
}

/** The id of the record page on screen: `?id=` in the URL, else `id` in navigation state. */
export function useRecordId(): number | null {
  const [params] = useSearchParams();
  const state: unknown = useLocation().state;
  const fromState =
    state !== null && typeof state === 'object' && 'id' in state ? String(state.id) : null;
  return parseRecordId(params.get('id') ?? fromState);
}

/** The WhatsApp send form for a template (notifications' page, opened from wa-templates). */
export const whatsappSendHref = (templateId: number) => `/send-whatsapp?template_id=${templateId}`;
