import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../lib/signed-body';

/**
 * A local stand-in for Meta's Graph API (WhatsApp Business Cloud API), for tests, the e2e
 * suite and the fan-out bench: the real one is unreachable here. It speaks the documented
 * protocol (paths, bodies, `{ error: {...} }` answers), checks the token, keeps the templates
 * submitted to it, records every request, and answers with a programmed error when told to.
 * It never decides anything the product should decide: it is Meta, not a mock of our code.
 */

export interface RecordedRequest {
  method: string;
  /** Without the version prefix: `/WABA/message_templates`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  /** The JSON body, when it was JSON. */
  json: unknown;
  /** performance.now() when it arrived: rates are measured from these. */
  at: number;
  /** What the stand-in answered (a handle, an id, an error), once it has. */
  answer?: { status: number; body: unknown };
}

export interface MetaErrorSpec {
  status?: number;
  code: number;
  message: string;
  subcode?: number;
  title?: string;
  userMessage?: string;
  type?: string;
  details?: string;
}

/** `{ error: {...} }` as Meta documents it. */
export function metaError(e: MetaErrorSpec) {
  return {
    error: {
      message: e.message,
      type: e.type ?? 'OAuthException',
      code: e.code,
      ...(e.subcode === undefined ? {} : { error_subcode: e.subcode }),
      ...(e.title === undefined ? {} : { error_user_title: e.title }),
      ...(e.userMessage === undefined ? {} : { error_user_msg: e.userMessage }),
      ...(e.details === undefined ? {} : { error_data: { details: e.details } }),
      fbtrace_id: `A${randomBytes(8).toString('hex')}`,
    },
  };
}

/** Errors Meta documents for the Cloud API, ready to program. */
export const META_ERRORS = {
  throughput: {
    status: 400,
    code: 130429,
    message: 'Rate limit hit',
    details: 'Cloud API message throughput has been reached.',
  },
  pairRate: {
    status: 400,
    code: 131056,
    message: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
  },
  undeliverable: {
    status: 400,
    code: 131026,
    message: 'Message undeliverable',
    details:
      'Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number.',
  },
  templatePaused: {
    status: 400,
    code: 132015,
    message: 'Template is paused',
    details: 'Template is paused due to low quality so it cannot be sent in a template message.',
  },
  templateDisabled: {
    status: 400,
    code: 132016,
    message: 'Template is disabled',
    details:
      'Template has been paused too many times due to low quality and is now permanently disabled.',
  },
  reengagement: {
    status: 400,
    code: 131047,
    message: 'Re-engagement message',
    details:
      'More than 24 hours have passed since the recipient last replied to the sender number.',
  },
  invalidToken: {
    status: 401,
    code: 190,
    message: 'Invalid OAuth access token - Cannot parse access token',
  },
  invalidParameter: {
    status: 400,
    code: 100,
    message: 'Invalid parameter',
  },
} satisfies Record<string, MetaErrorSpec>;

export interface StandinTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  parameter_format?: string;
  components: unknown[];
  quality_score?: { score: string };
  rejected_reason?: string;
}

interface Programmed {
  match: (req: RecordedRequest) => boolean;
  answer: (req: RecordedRequest) => { status: number; body: unknown };
  times: number;
}

export interface GraphStandin {
  /** The WHATSAPP_GRAPH_URL to give the product: `http://127.0.0.1:PORT/v23.0`. */
  url: string;
  token: string;
  wabaId: string;
  phoneNumberId: string;
  appId: string;
  requests: RecordedRequest[];
  /** Templates as Meta holds them, by Meta id; tests change their status here. */
  templates: Map<string, StandinTemplate>;
  /** The next `times` requests that `match` get this answer instead of the normal one. */
  program(
    match: (req: RecordedRequest) => boolean,
    answer: MetaErrorSpec | ((req: RecordedRequest) => { status: number; body: unknown }),
    times?: number,
  ): void;
  /** Requests to a path ending with this, e.g. `/messages` or `/message_templates`. */
  requestsTo(suffix: string, method?: string): RecordedRequest[];
  /** How long each answer waits (a slow Meta). */
  delayMs: number;
  reset(): void;
  close(): Promise<void>;
}

const VERSION = 'v23.0';

export async function startGraphStandin(
  options: {
    port?: number;
    token?: string;
    wabaId?: string;
    phoneNumberId?: string;
    appId?: string;
  } = {},
): Promise<GraphStandin> {
  const token = options.token ?? 'test-graph-token';
  const wabaId = options.wabaId ?? '102290129340398';
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const appId = options.appId ?? '1234567890';
  const requests: RecordedRequest[] = [];
  const templates = new Map<string, StandinTemplate>();
  const uploads = new Map<string, { length: number; type: string; received: number }>();
  let programmed: Programmed[] = [];
  let seq = 0;
  // Meta's template ids are 15–16 digits, and its webhooks send them as JSON numbers: they stay
  // below 2^53 so that they survive JSON.parse, as Meta's do.
  const nextId = () => String(1_000_000_000_000_000 + (Date.now() % 1e9) * 1000 + (++seq % 1000));

  const standin: GraphStandin = {
    url: '',
    token,
    wabaId,
    phoneNumberId,
    appId,
    requests,
    templates,
    delayMs: 0,
    program(match, answer, times = 1) {
      programmed.push({
        match,
        times,
        answer:
          typeof answer === 'function'
            ? answer
            : () => ({ status: answer.status ?? 400, body: metaError(answer) }),
      });
    },
    requestsTo(suffix, method) {
      return requests.filter((r) => r.path.endsWith(suffix) && (!method || r.method === method));
    },
    reset() {
      requests.length = 0;
      templates.clear();
      uploads.clear();
      programmed = [];
      standin.delayMs = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const answerFor = (req: RecordedRequest): { status: number; body: unknown } => {
    const auth = req.headers.authorization ?? '';
    const isUploadSession = /^\/upload:/.test(req.path);
    if (auth !== `Bearer ${token}` && !(isUploadSession && auth === `OAuth ${token}`))
      return { status: 401, body: metaError(META_ERRORS.invalidToken) };

    const i = programmed.findIndex((p) => p.match(req));
    if (i >= 0) {
      const p = programmed[i]!;
      p.times -= 1;
      if (p.times <= 0) programmed.splice(i, 1);
      return p.answer(req);
    }

    const body = (req.json ?? {}) as Record<string, unknown>;
    const parts = req.path.split('/').filter(Boolean);

    // Templates of the business account: create, and list with cursor paging.
    if (parts[0] === wabaId && parts[1] === 'message_templates') {
      if (req.method === 'POST') {
        for (const field of ['name', 'language', 'category', 'components'])
          if (body[field] === undefined)
            return {
              status: 400,
              body: metaError({
                ...META_ERRORS.invalidParameter,
                message: `(#100) The parameter ${field} is required.`,
              }),
            };
        const duplicate = [...templates.values()].find(
          (t) => t.name === body.name && t.language === body.language,
        );
        if (duplicate)
          return {
            status: 400,
            body: metaError({
              code: 100,
              subcode: 2388024,
              message: 'Invalid parameter',
              title: 'Content in this language already exists',
              userMessage: `There is already ${String(body.language)} content for this template. Create a new template and try again.`,
            }),
          };
        const t: StandinTemplate = {
          id: nextId(),
          name: String(body.name),
          language: String(body.language),
          category: String(body.category),
          status: 'PENDING',
          parameter_format:
            typeof body.parameter_format === 'string' ? body.parameter_format : undefined,
          components: body.components as unknown[],
        };
        templates.set(t.id, t);
        return { status: 200, body: { id: t.id, status: t.status, category: t.category } };
      }
      if (req.method === 'GET') {
        const limit = Math.max(1, Math.min(100, Number(req.query.limit ?? 25)));
        const all = [...templates.values()];
        const start = req.query.after
          ? Number(Buffer.from(req.query.after, 'base64url').toString())
          : 0;
        const page = all.slice(start, start + limit);
        const after = Buffer.from(String(start + page.length)).toString('base64url');
        const before = Buffer.from(String(start)).toString('base64url');
        const next =
          start + page.length < all.length
            ? `${standin.url}/${wabaId}/message_templates?limit=${limit}&after=${after}`
            : undefined;
        return {
          status: 200,
          body: { data: page, paging: { cursors: { before, after }, ...(next ? { next } : {}) } },
        };
      }
    }

    // Editing a template: POST /{TEMPLATE_ID} with the new components (and category).
    if (parts.length === 1 && templates.has(parts[0]!) && req.method === 'POST') {
      const t = templates.get(parts[0]!)!;
      if (body.components !== undefined) t.components = body.components as unknown[];
      if (typeof body.category === 'string') t.category = body.category;
      t.status = 'PENDING';
      return { status: 200, body: { success: true } };
    }

    // Resumable upload: start a session, then send the file to it.
    if (parts[0] === appId && parts[1] === 'uploads' && req.method === 'POST') {
      const length = Number(req.query.file_length);
      if (!req.query.file_name || !Number.isFinite(length) || length <= 0 || !req.query.file_type)
        return {
          status: 400,
          body: metaError({
            ...META_ERRORS.invalidParameter,
            message: '(#100) file_length, file_name and file_type are required',
          }),
        };
      const id = `upload:${randomBytes(12).toString('base64url')}`;
      uploads.set(id, { length, type: req.query.file_type, received: 0 });
      return { status: 200, body: { id } };
    }
    if (isUploadSession && req.method === 'POST') {
      const session = uploads.get(parts[0]!);
      if (!session)
        return {
          status: 400,
          body: metaError({ ...META_ERRORS.invalidParameter, message: 'Upload session not found' }),
        };
      // Meta resumes an upload from file_offset; a first (and here only) upload starts at 0.
      if (req.headers.file_offset !== '0')
        return {
          status: 400,
          body: metaError({
            ...META_ERRORS.invalidParameter,
            message: '(#100) The file_offset header is required',
          }),
        };
      if (req.raw.length !== session.length)
        return {
          status: 400,
          body: metaError({
            ...META_ERRORS.invalidParameter,
            message: `File length mismatch: expected ${session.length}, received ${req.raw.length}`,
          }),
        };
      session.received = req.raw.length;
      return { status: 200, body: { h: `4::${randomBytes(24).toString('base64')}` } };
    }

    // Sending: POST /{PHONE_NUMBER_ID}/messages.
    if (parts[0] === phoneNumberId && parts[1] === 'messages' && req.method === 'POST') {
      if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string')
        return {
          status: 400,
          body: metaError({
            ...META_ERRORS.invalidParameter,
            message: '(#100) messaging_product and to are required',
          }),
        };
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to.replace(/\D/g, '') }],
          messages: [{ id: `wamid.${randomBytes(18).toString('base64url')}` }],
        },
      };
    }

    return {
      status: 400,
      body: metaError({
        code: 100,
        subcode: 33,
        type: 'GraphMethodException',
        message: `Unsupported ${req.method} request. Object with ID '${parts[0] ?? ''}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      }),
    };
  };

  const server = createServer((incoming: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const at = performance.now();
      const url = new URL(incoming.url ?? '/', 'http://standin');
      const raw = Buffer.concat(chunks);
      let json: unknown;
      if ((incoming.headers['content-type'] ?? '').includes('json')) {
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = undefined;
        }
      }
      // Outside Meta's paths: a test in another process (the e2e suite) tells Meta's side what
      // Meta decided (a review), so that a later sync reads what the webhook said.
      const control = /^\/_standin\/templates\/([^/]+)$/.exec(url.pathname);
      if (control && incoming.method === 'POST') {
        const t = templates.get(control[1]!);
        if (t)
          Object.assign(t, JSON.parse(raw.toString('utf8') || '{}') as Partial<StandinTemplate>);
        res.writeHead(t ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(t ?? {}));
        return;
      }
      const path = url.pathname.startsWith(`/${VERSION}/`)
        ? url.pathname.slice(VERSION.length + 1)
        : url.pathname;
      const req: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path,
        query: Object.fromEntries(url.searchParams),
        headers: incoming.headers,
        raw,
        json,
        at,
      };
      requests.push(req);
      const { status, body } = answerFor(req);
      req.answer = { status, body };
      const send = () => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (standin.delayMs > 0) setTimeout(send, standin.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standin.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${VERSION}`;
  return standin;
}

/** The product's environment for a stand-in: every WHATSAPP_* setting. */
export function standinEnv(
  s: Pick<GraphStandin, 'url' | 'token' | 'wabaId' | 'phoneNumberId' | 'appId'>,
  appSecret = 'test-app-secret',
  verifyToken = 'test-verify-token',
) {
  return {
    WHATSAPP_GRAPH_URL: s.url,
    WHATSAPP_ACCESS_TOKEN: s.token,
    WHATSAPP_WABA_ID: s.wabaId,
    WHATSAPP_PHONE_NUMBER_ID: s.phoneNumberId,
    WHATSAPP_APP_ID: s.appId,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
  };
}

/**
 * Webhook bodies as Meta sends them (`object: whatsapp_business_account`, one entry, one
 * change), and their signature: what Meta would POST to /api/webhooks/whatsapp.
 */
export const webhookBodies = {
  envelope(wabaId: string, field: string, value: unknown) {
    return {
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
    };
  },
  templateStatus(
    wabaId: string,
    t: { id: string; name: string; language: string },
    event:
      | 'APPROVED'
      | 'REJECTED'
      | 'PAUSED'
      | 'DISABLED'
      | 'PENDING_DELETION'
      | 'REINSTATED'
      | 'FLAGGED',
    reason = 'NONE',
    extra: Record<string, unknown> = {},
  ) {
    return webhookBodies.envelope(wabaId, 'message_template_status_update', {
      event,
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
      reason,
      ...extra,
    });
  },
  templateQuality(
    wabaId: string,
    t: { id: string; name: string; language: string },
    previous: string,
    next: string,
  ) {
    return webhookBodies.envelope(wabaId, 'message_template_quality_update', {
      previous_quality_score: previous,
      new_quality_score: next,
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
    });
  },
  templateCategory(
    wabaId: string,
    t: { id: string; name: string; language: string },
    previous: string,
    next: string,
  ) {
    return webhookBodies.envelope(wabaId, 'template_category_update', {
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
      previous_category: previous,
      new_category: next,
    });
  },
  messageStatus(
    wabaId: string,
    phoneNumberId: string,
    s: {
      wamid: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      recipient: string;
      timestamp?: number;
      errors?: { code: number; title: string; message?: string; details?: string }[];
    },
  ) {
    return webhookBodies.envelope(wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
      statuses: [
        {
          id: s.wamid,
          status: s.status,
          timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)),
          recipient_id: s.recipient,
          ...(s.errors
            ? {
                errors: s.errors.map((e) => ({
                  code: e.code,
                  title: e.title,
                  message: e.message ?? e.title,
                  error_data: { details: e.details ?? e.title },
                })),
              }
            : {}),
        },
      ],
    });
  },
  inboundText(
    wabaId: string,
    phoneNumberId: string,
    m: { from: string; text: string; id?: string; name?: string },
  ) {
    return webhookBodies.envelope(wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
      contacts: [{ profile: { name: m.name ?? 'Player' }, wa_id: m.from }],
      messages: [
        {
          from: m.from,
          id: m.id ?? `wamid.${randomBytes(18).toString('base64url')}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: m.text },
        },
      ],
    });
  },
};

/** A webhook body as the raw bytes Meta sends and the headers it signs them with. */
export function signedWebhook(appSecret: string, body: unknown) {
  const raw = JSON.stringify(body);
  return {
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signBody(appSecret, raw),
    },
  };
}
