import type { FastifyReply } from 'fastify';
import { PAGE_KEY_PARAM, buildPagination } from '@cricket/contracts';

/**
 * The one place response bodies are shaped (spec §7, architecture convention 7): every route
 * answers `{ success, message, data? }`, and a list answers `data.data` with the spec's
 * pagination object. The next screens call these rather than writing the envelope again.
 */
export function ok(message: string): { success: true; message: string };
export function ok<T>(message: string, data: T): { success: true; message: string; data: T };
export function ok<T>(message: string, data?: T) {
  return data === undefined
    ? { success: true as const, message }
    : { success: true as const, message, data };
}

/** The page the client asked for and how many rows it holds. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** One page of rows and the pagination its total implies: `{ data, pagination }`. */
export function pageData<T>(q: PageRequest, page: { rows: T[]; total: number }) {
  return { data: page.rows, pagination: buildPagination(page.total, q.page, q.limit) };
}

/** A list body: `data` is one page of rows with its pagination. */
export function okPage<T>(message: string, q: PageRequest, page: { rows: T[]; total: number }) {
  return ok(message, pageData(q, page));
}

/**
 * The same list body around a page PostgreSQL already wrote as JSON (decision 011): only the
 * envelope is written here. Sent with the JSON content type, Fastify passes the text through
 * untouched; the route's response schema still documents the shape, and the tests hold the
 * text to it.
 */
export function sendJsonPage(
  reply: FastifyReply,
  message: string,
  q: PageRequest,
  page: { total: number; json: string },
) {
  const pagination = JSON.stringify(buildPagination(page.total, q.page, q.limit));
  return reply
    .type('application/json; charset=utf-8')
    .send(
      `{"success":true,"message":${JSON.stringify(message)},"data":{"data":${page.json},"pagination":${pagination}}}`,
    );
}

/**
 * The neighbouring pages' boundary keys (issue 35, db/page.ts) as an RFC 8288 `Link` header:
 * the request's own address with the next or previous page and its key. The body and its
 * pagination object stay exactly as the spec has them.
 */
export function linkPageKeys(
  reply: FastifyReply,
  url: string,
  q: PageRequest,
  keys: { prev?: string; next?: string } | undefined,
) {
  if (!keys) return;
  const [path, search = ''] = url.split('?', 2) as [string, string?];
  const link = (page: number, key: string, rel: string) => {
    const params = new URLSearchParams(search);
    params.set('page', String(page));
    params.set(PAGE_KEY_PARAM, key);
    return `<${path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [
    keys.prev ? link(q.page - 1, keys.prev, 'prev') : undefined,
    keys.next ? link(q.page + 1, keys.next, 'next') : undefined,
  ].filter(Boolean);
  if (links.length > 0) reply.header('link', links.join(', '));
}
