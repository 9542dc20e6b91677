import type { WhatsAppConfig } from '../config';

/**
 * Meta's error object, as the Graph API answers it
 * (https://developers.facebook.com/docs/graph-api/guides/error-handling):
 * `{ error: { message, type, code, error_subcode, error_user_title, error_user_msg, fbtrace_id } }`.
 */
export class GraphApiError extends Error {
  constructor(
    /** The HTTP status; 0 when Meta could not be reached at all. */
    readonly status: number,
    /** Meta's error code (130429 throughput, 131026 undeliverable, 190 bad token …). */
    readonly code: number | null,
    readonly subcode: number | null,
    /** Meta's short title for a person (`error_user_title`), when it gave one. */
    readonly title: string | null,
    message: string,
    /** Meta's explanation for a person (`error_user_msg`), when it gave one. */
    readonly userMessage: string | null,
    readonly type: string | null = null,
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
    this.name = 'GraphApiError';
  }

  /** Unreachable, timed out, or a 5xx: worth trying again later. */
  get transient() {
    return this.status === 0 || this.status >= 500;
  }

  /** Every part Meta gave, in one line for the admin: code, title, message, user message. */
  describe() {
    const parts = [
      this.code === null ? null : `(#${this.code}${this.subcode ? `/${this.subcode}` : ''})`,
      this.title,
      this.message,
      this.userMessage && this.userMessage !== this.message ? this.userMessage : null,
    ].filter(Boolean);
    return parts.join(' ');
  }
}

interface MetaErrorBody {
  error?: {
    message?: unknown;
    type?: unknown;
    code?: unknown;
    error_subcode?: unknown;
    error_user_title?: unknown;
    error_user_msg?: unknown;
    fbtrace_id?: unknown;
    error_data?: { details?: unknown };
  };
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A Graph API error answer (or any other failed answer) as a GraphApiError. */
export function graphErrorFrom(status: number, text: string): GraphApiError {
  let body: MetaErrorBody = {};
  try {
    body = JSON.parse(text) as MetaErrorBody;
  } catch {
    body = {};
  }
  const e = body.error ?? {};
  // Messages errors put the useful sentence in error_data.details (e.g. 131026's reason).
  const details = str(e.error_data?.details);
  return new GraphApiError(
    status,
    num(e.code),
    num(e.error_subcode),
    str(e.error_user_title),
    str(e.message) ??
      (text
        ? `Graph API answered ${status}: ${text.slice(0, 200)}`
        : `Graph API answered ${status}`),
    str(e.error_user_msg) ?? details,
    str(e.type),
    str(e.fbtrace_id),
  );
}

export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** After the version: `/{WABA_ID}/message_templates`, or an absolute `paging.next` URL. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (a media file to an upload session), with its own headers. */
  body?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** The resumable upload wants `Authorization: OAuth <token>` rather than Bearer. */
  auth?: 'Bearer' | 'OAuth';
}

export interface GraphClient {
  readonly config: WhatsAppConfig;
  request<T>(req: GraphRequest): Promise<T>;
}

/** The one way to the Graph API: the token, the version in the URL, Meta's errors parsed. */
export function createGraphClient(config: WhatsAppConfig, timeoutMs = 15_000): GraphClient {
  return {
    config,
    async request<T>(req: GraphRequest): Promise<T> {
      const url = new URL(
        /^https?:\/\//.test(req.path) ? req.path : `${config.graphUrl}${req.path}`,
      );
      for (const [k, v] of Object.entries(req.query ?? {}))
        if (v !== undefined) url.searchParams.set(k, String(v));
      const headers: Record<string, string> = {
        authorization: `${req.auth ?? 'Bearer'} ${config.accessToken}`,
        ...req.headers,
      };
      let body: string | Uint8Array<ArrayBuffer> | undefined = req.body;
      if (req.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(req.json);
      }
      let res: Response;
      try {
        res = await fetch(url, {
          method: req.method,
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new GraphApiError(
          0,
          null,
          null,
          null,
          `WhatsApp could not be reached: ${(err as Error).message}`,
          null,
        );
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) throw graphErrorFrom(res.status, text);
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new GraphApiError(
          res.status,
          null,
          null,
          null,
          `Graph API answered ${res.status} without JSON`,
          null,
        );
      }
    },
  };
}
