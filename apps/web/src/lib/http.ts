import {
  FIRST_READS_ELEMENT_ID,
  type FirstRead,
  IDEMPOTENCY_DONE_EARLIER_STATUS,
  IDEMPOTENCY_HEADER,
  IF_MATCH_HEADER,
  PAGE_KEY_PARAM,
  RECORD_CHANGED_STATUS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@cricket/contracts';

/** Spec §7: every call goes to the admin API with a 10-second timeout. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;

const TIMEOUT_MESSAGE = 'The server took too long to respond. Please try again.';
const NETWORK_MESSAGE = 'Unable to reach the server. Please check your connection.';
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** Every response body is `{ success, message, data? }` (architecture, convention 7). */
export interface ApiBody<T> {
  success: boolean;
  message: string;
  data: T;
}

export type FieldErrors = Record<string, string[]>;

/** A failed call: the server's status, message and per-field messages. Status 0 = no response. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** False when the message is ours (no response, or a body without a message). */
  readonly fromServer: boolean;
  /** The request's method: a 412 means one thing on a POST, another on a PUT or DELETE. */
  readonly method: NonNullable<RequestOptions['method']>;

  constructor(
    status: number,
    message: string,
    {
      errors = {},
      fromServer = false,
      method = 'GET',
    }: { errors?: FieldErrors; fromServer?: boolean; method?: RequestOptions['method'] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.fromServer = fromServer;
    this.method = method;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData goes out as multipart untouched. */
  body?: unknown;
  /** Empty strings, null and undefined are left out so optional filters stay optional. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** The version of the record as it was read (its ETag): a PUT or DELETE of it sends If-Match. */
  ifMatch?: string;
  /** Reads the answer's headers (a list's `Link`), when it succeeded. */
  onHeaders?: (headers: Headers) => void;
}

/** A large list's boundary keys for its neighbouring pages (issue 35). */
export interface PageKeys {
  prev?: string;
  next?: string;
}

/** The `page_key` of each page a `Link` header points to (RFC 8288), by rel. */
export function pageKeysOf(link: string | null): PageKeys {
  const keys: PageKeys = {};
  for (const [, url, rel] of (link ?? '').matchAll(/<([^>]*)>;\s*rel="(prev|next)"/g)) {
    const key = new URLSearchParams(url!.split('?')[1] ?? '').get(PAGE_KEY_PARAM);
    if (key) keys[rel as keyof PageKeys] = key;
  }
  return keys;
}

/** A record's DELETE: its id, and its version as read (If-Match, decision 059). */
export interface VersionedId {
  id: number;
  ifMatch?: string;
}

let unauthorizedListener: (() => void) | undefined;

/**
 * The session registers here so any 401 (expired or revoked session) sends the app back to
 * /login, instead of every screen handling it on its own.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = undefined;
  };
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/**
 * The XSRF cookie is set with the session and cleared with it, and unlike the session cookie
 * the page can read it: without it there is no session to ask the server about.
 */
export function hasSessionCookie(): boolean {
  return readCookie(XSRF_COOKIE) !== undefined;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** How long after the page loaded its embedded answers still count as the first screen's. */
const FIRST_READS_FRESH_MS = 10_000;

let firstReads: Map<string, FirstRead> | undefined;

/**
 * The embedded answer to a GET of `url`, once: the first screen's own request, answered from the
 * page. Later requests, and any after the page's first seconds, go to the server.
 */
function takeFirstRead(url: string): FirstRead | undefined {
  if (firstReads === undefined) {
    const element = document.getElementById(FIRST_READS_ELEMENT_ID);
    let parsed: Record<string, FirstRead> = {};
    try {
      parsed = JSON.parse(element?.textContent || '{}') as Record<string, FirstRead>;
    } catch {
      // A page cut short: the screen reads from the server.
    }
    element?.remove();
    firstReads = new Map(Object.entries(parsed));
  }
  if (performance.now() > FIRST_READS_FRESH_MS) firstReads.clear();
  const read = firstReads.get(url);
  firstReads.delete(url);
  return read;
}

function isErrorBody(value: unknown): value is { message?: unknown; errors?: unknown } {
  return typeof value === 'object' && value !== null;
}

/**
 * The Idempotency-Key of every POST whose outcome is not known yet (no answer, a 5xx, or 409
 * "still running"), by the submission it carried (decision 036). Sending the same submission
 * again, the client's own retry or the user pressing Save once more, reuses its key, so the
 * server carries it out at most once; an answer that settles it forgets the key, and the next
 * identical submission is a new action with a new key.
 */
const unsettledKeys = new Map<string, string>();
const MAX_UNSETTLED_KEYS = 100;

function newIdempotencyKey(): string {
  // crypto.randomUUID needs a secure context; getRandomValues works on plain HTTP too.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Two 32-bit FNV-1a-style hashes and the length: the map keeps no form's contents (a password). */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9dc5811c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length}`;
}

/** Where a POST goes and what it carries; a file counts by name, size, type and date. */
function submissionOf(url: string, body: BodyInit | undefined): string {
  if (!(body instanceof FormData)) return digest(`${url}\n${typeof body === 'string' ? body : ''}`);
  const parts = [...body.entries()].map(([name, value]) =>
    typeof value === 'string'
      ? `${name}=${value}`
      : `${name}=${value.name}|${value.size}|${value.type}|${value.lastModified}`,
  );
  return digest(`${url}\n${parts.join('\n')}`);
}

function idempotencyKeyFor(submission: string): string {
  let key = unsettledKeys.get(submission);
  if (key === undefined) {
    key = newIdempotencyKey();
    unsettledKeys.set(submission, key);
    if (unsettledKeys.size > MAX_UNSETTLED_KEYS)
      unsettledKeys.delete(unsettledKeys.keys().next().value!);
  }
  return key;
}

/** An answer after which the submission is settled: done, or refused having changed nothing. */
const settles = (status: number) => status < 500 && status !== 409;

/**
 * The server had already carried out this submission, but the answer to it was lost (decision
 * 036): what was saved is on the server, the screen has to read it again.
 */
export const doneEarlier = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.method === 'POST' &&
  error.status === IDEMPOTENCY_DONE_EARLIER_STATUS;

/**
 * The record was changed by someone else since it was read: the write's If-Match named an older
 * version, and nothing was changed (decision 059).
 */
export const recordChanged = (error: unknown): boolean =>
  error instanceof ApiError && error.method !== 'POST' && error.status === RECORD_CHANGED_STATUS;

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiBody<T>> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser writes the multipart boundary itself.
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  if (options.ifMatch !== undefined && method !== 'GET')
    headers.set(IF_MATCH_HEADER, options.ifMatch);

  const url = buildUrl(path, options.query);
  const firstRead = method === 'GET' ? takeFirstRead(url) : undefined;
  if (firstRead) {
    options.onHeaders?.(new Headers(firstRead.link ? { link: firstRead.link } : {}));
    return firstRead.body as ApiBody<T>;
  }
  const submission = method === 'POST' ? submissionOf(url, body) : undefined;
  if (submission !== undefined) headers.set(IDEMPOTENCY_HEADER, idempotencyKeyFor(submission));

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response | undefined;
  for (let attempt = 1; !response; attempt++) {
    try {
      response = await fetch(url, { method, headers, body, signal, credentials: 'same-origin' });
    } catch (error) {
      // A caller's own abort (React Query cancelling a stale query) must stay an AbortError.
      if (options.signal?.aborted) throw error;
      // A lost connection: a POST goes once more, under its key, so it cannot count twice.
      if (submission !== undefined && attempt === 1 && !timeout.aborted) continue;
      throw new ApiError(0, timeout.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
    }
  }
  if (submission !== undefined && settles(response.status)) unsettledKeys.delete(submission);

  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    options.onHeaders?.(response.headers);
    return payload as ApiBody<T>;
  }
  throw failure(response.status, payload, method);
}

/** The ApiError of a failed answer, with the server's message when its body has one. */
function failure(
  status: number,
  payload: unknown,
  method: NonNullable<RequestOptions['method']>,
): ApiError {
  if (status === 401) unauthorizedListener?.();
  const serverMessage =
    isErrorBody(payload) && typeof payload.message === 'string' && payload.message
      ? payload.message
      : undefined;
  const errors =
    isErrorBody(payload) && typeof payload.errors === 'object' && payload.errors !== null
      ? (payload.errors as FieldErrors)
      : {};
  return new ApiError(status, serverMessage ?? FALLBACK_MESSAGE, {
    errors,
    fromServer: serverMessage !== undefined,
    method,
  });
}

/**
 * A file the server streams (a list's CSV export, issue 33), read as it arrives: `onChunk`
 * sees each piece, so a screen can count what came. The timeout covers the wait for the
 * answer, not the download, which runs until it ends or `signal` cancels it.
 */
export async function download(
  path: string,
  options: {
    query?: RequestOptions['query'];
    signal?: AbortSignal;
    onChunk?: (chunk: Uint8Array) => void;
  } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const answered = new AbortController();
  const timer = setTimeout(() => answered.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal
    ? AbortSignal.any([options.signal, answered.signal])
    : answered.signal;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { signal, credentials: 'same-origin' });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, answered.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok)
    throw failure(response.status, await response.json().catch(() => undefined), 'GET');
  const type = response.headers.get('content-type') ?? '';
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  const reader = response.body?.getReader();
  if (!reader) return { blob: new Blob([await response.arrayBuffer()], { type }), fileName };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      options.onChunk?.(value);
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Spec §8: show the server's message when there is one, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}
