import type { AuditAction } from '@cricket/contracts';
import { userPayload, type TestApp } from './harness';
import type { startTestSmtp } from './smtp';

/**
 * The shape of a feature's audit examples (decision 021). Each feature with audited routes keeps
 * its examples in `features/<feature>/audit-examples.ts`, exporting `auditExamples`;
 * features/audit/audit-routes.test.ts collects every such file and fails on an audited route
 * without an example.
 */
export interface AuditCall {
  url: string;
  payload?: unknown;
}
export interface AuditExpected {
  entityId: number;
  action: AuditAction;
  /** The changed fields; `exact` means no other field may appear. */
  changes: Record<string, { before: unknown; after: unknown }>;
  exact: boolean;
}
export type AuditBody = { data?: Record<string, { id: number }> };
export interface AuditExample {
  /** Prepares what the call needs (its own audit records do not count) and returns it. */
  valid(): Promise<{ call: AuditCall; expect: (body: AuditBody) => AuditExpected }>;
  /** The same call made invalid: it must fail and write nothing. */
  invalid(): Promise<AuditCall>;
}

/** What every feature's examples may use: the app, signed in as the administrator. */
export interface AuditContext {
  t: TestApp;
  /** The SMTP server the app's mail goes to. */
  smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  adminId: number;
  playerRole: number;
  /** A user with the owner role. */
  ownerId: number;
  perm(name: string): number;
  /** A number not handed out before in this run. */
  unique(): number;
  /** A phone number not handed out before in this run. */
  phone(): string;
  /** The administrator's request. */
  api(method: string, url: string, payload?: unknown): ReturnType<TestApp['as']>;
  /** The administrator's request, which must succeed; answers its body. */
  ok<T = AuditBody>(method: string, url: string, payload?: unknown): Promise<T>;
  /** A new player (or what `over` makes it); answers its id. */
  newUser(over?: Record<string, unknown>): Promise<number>;
}

/** A feature's examples, keyed `METHOD /api/path` as the route table names each route. */
export type AuditExamples = (ctx: AuditContext) => Record<string, AuditExample>;

/** The context's helpers around the app, the administrator's token and the roles made. */
export function auditContext(
  values: Omit<AuditContext, 'unique' | 'phone' | 'api' | 'ok' | 'newUser' | 'ownerId'> & {
    token: string;
  },
): Omit<AuditContext, 'ownerId'> {
  const { t, token, playerRole } = values;
  let seq = 0;
  const unique = () => {
    seq += 1;
    return seq;
  };
  const phone = () => String(9_700_000_000 + unique() * 7);
  const api = (method: string, url: string, payload?: unknown) =>
    t.as(token, { method: method as 'POST', url, payload: payload as never });
  async function ok<T = AuditBody>(method: string, url: string, payload?: unknown): Promise<T> {
    const res = await api(method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  }
  const newUser = async (over: Record<string, unknown> = {}) =>
    (
      await ok<{ data: { user: { id: number } } }>(
        'POST',
        '/api/users',
        userPayload(playerRole, {
          email: `u${unique()}@audit.test`,
          phone_number: phone(),
          ...over,
        }),
      )
    ).data.user.id;
  return {
    t: values.t,
    smtp: values.smtp,
    adminId: values.adminId,
    playerRole,
    perm: values.perm,
    unique,
    phone,
    api,
    ok,
    newUser,
  };
}

/** The id of `key` in a body whose records name it `_id` (the WhatsApp screens' shape). */
export const idOf = (body: AuditBody, key: string) =>
  (body.data![key] as unknown as { _id: number })._id;

/** Records that more than one feature's examples (or the audit tests) start from. */
export const teamBody = (over: Record<string, unknown> = {}) => ({
  name: 'Audit Eleven',
  location: 'Pune',
  team_initials: 'AUD',
  is_active: true,
  add_me: false,
  owner_id: 0,
  ...over,
});
/** A new team owned by the context's owner; answers its id. */
export const createTeam = async (
  { ok, ownerId }: AuditContext,
  over: Record<string, unknown> = {},
) =>
  (
    await ok<{ data: { team: { id: number } } }>(
      'POST',
      '/api/teams',
      teamBody({ owner_id: ownerId, ...over }),
    )
  ).data.team.id;

/** A new WhatsApp template category; answers its id. */
export const createCategory = async (
  { ok, unique }: AuditContext,
  over: Record<string, unknown> = {},
) =>
  (
    await ok<{ data: { category: { _id: number } } }>('POST', '/api/wa/template-categories', {
      name: 'Audit Updates',
      slug: `audit-updates-${unique()}`,
      order: 0,
      ...over,
    })
  ).data.category._id;
