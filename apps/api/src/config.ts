import path from 'node:path';
import { z } from 'zod';
import { CONTACT_RATE_POINTS } from '@cricket/contracts';

/** Meta's Graph API, at the version this product was written against. */
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com/v23.0';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  UPLOAD_DIR: z.string().optional(),
  WEB_DIST: z.string().optional(),
  ADMIN_EMAIL: z.email().default('admin@cricket.local'),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SEED_DEMO: bool,
  REDIS_URL: z.string().optional(),
  COOKIE_SECURE: bool,
  TRUST_PROXY: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cricket Back-Office <no-reply@cricket.local>'),
  CONTACT_ALLOWED_ORIGINS: z.string().default(''),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(CONTACT_RATE_POINTS),
  SMS_WEBHOOK_URL: z.url().optional().or(z.literal('')),
  PUSH_WEBHOOK_URL: z.url().optional().or(z.literal('')),
  NOTIFY_WEBHOOK_SECRET: z.string().optional(),
  NOTIFY_WORKER: bool,
  NOTIFY_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  NOTIFY_LEASE_MS: z.coerce.number().int().min(100).optional(),
  NOTIFY_RETRY_BASE_MS: z.coerce.number().int().min(0).optional(),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).optional(),
  NOTIFY_POLL_MS: z.coerce.number().int().min(10).optional(),
  PUBLIC_URL: z.url().optional().or(z.literal('')),
  UNSUBSCRIBE_SECRET: z.string().min(16).optional().or(z.literal('')),
  UNSUBSCRIBE_MAILTO: z.email().optional().or(z.literal('')),
  MAINTENANCE_JOBS: bool,
  BULK_WORKER: bool,
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().min(0).max(36500).default(90),
  RETENTION_DELIVERIES_DAYS: z.coerce.number().int().min(0).max(36500).default(730),
  RETENTION_CONTACT_MESSAGES_DAYS: z.coerce.number().int().min(0).max(36500).default(730),
  RETENTION_AUDIT_DAYS: z.coerce.number().int().min(0).max(36500).default(2555),
  WHATSAPP_GRAPH_URL: z.url().default(DEFAULT_GRAPH_URL),
  WHATSAPP_ACCESS_TOKEN: z.string().optional(),
  WHATSAPP_WABA_ID: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_MPS: z.coerce.number().int().min(1).max(1000).default(80),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  databaseUrl: string | undefined;
  /** Folder of the embedded PGlite database; `null` means in-memory (tests). */
  pgliteDir: string | null;
  uploadDir: string;
  webDist: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  redisUrl: string | undefined;
  cookieSecure: boolean;
  /**
   * Which `X-Forwarded-For` entries to believe: none (`false`), the last N hops, or only those
   * added by these proxy addresses/CIDRs. Never every entry: the leftmost is the client's own.
   */
  trustProxy: false | number | string[];
  /** smtp(s)://user:pass@host:port; unset means email deliveries end as skipped. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Web origins (scheme://host[:port]) whose pages may post the public contact form. */
  contactAllowedOrigins: string[];
  /** Contact form messages one client address may send per hour. */
  contactRateLimit: number;
  /** SMS and push go to these HTTP endpoints, signed with the secret; unset means skipped. */
  smsWebhookUrl: string | undefined;
  pushWebhookUrl: string | undefined;
  webhookSecret: string | undefined;
  /** Whether this instance runs the notification delivery worker (on by default). */
  notifyWorker: boolean;
  /** Whether this instance runs bulk actions' jobs (plugins/bulk-jobs.ts; on by default). */
  bulkWorker: boolean;
  /** Worker tuning (features/notifications/worker.ts); unset keeps its defaults. */
  notify: {
    batchSize?: number;
    concurrency?: number;
    leaseMs?: number;
    retryBaseMs?: number;
    maxAttempts?: number;
    pollMs?: number;
  };
  /** Whether this instance takes part in the nightly jobs (retention); on by default. */
  maintenanceJobs: boolean;
  /** How many days to keep each kind of record; 0 keeps it forever (decision 048). */
  retention: RetentionSettings;
  /** Where people reach this product (links in messages, the webhook URL to register). */
  publicUrl: string | undefined;
  /** Signs unsubscribe links; unset: one made once and kept in the database (decision 052). */
  unsubscribeSecret: string | undefined;
  /** The mailto: of List-Unsubscribe; unset: MAIL_FROM's address. */
  unsubscribeMailto: string;
  /** The WhatsApp Business Cloud API connection; null when not connected (manual statuses). */
  whatsapp: WhatsAppConfig | null;
};

export interface RetentionSettings {
  /** Sessions that ended (signed out, revoked or expired), counted from their end. */
  sessions: number;
  /** Deliveries of sends created this long ago. */
  deliveries: number;
  /** Contact messages (with their replies), from when they arrived. */
  contact_messages: number;
  /** Audit records, from when they were written. */
  audit_logs: number;
}

export interface WhatsAppConfig {
  /** `https://graph.facebook.com/v23.0` in production; a local stand-in in tests. */
  graphUrl: string;
  accessToken: string;
  /** The WhatsApp Business Account: templates live here. */
  wabaId: string;
  /** The sending number: messages go out from here; null where only templates are managed. */
  phoneNumberId: string | null;
  /** The Meta app: media headers are uploaded through its resumable upload API. */
  appId: string | null;
  /** Signs Meta's webhook calls (X-Hub-Signature-256); null refuses every webhook call. */
  appSecret: string | null;
  /** Meta echoes it when subscribing the webhook; null refuses every subscription check. */
  verifyToken: string | null;
  /** Messages per second to the Graph API, at most. */
  mps: number;
}

const IPV4_OR_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/**
 * `TRUST_PROXY`: empty or `false` trusts no proxy; a whole number is how many proxies stand in
 * front (the client is the entry that many hops from the right); otherwise a comma-separated
 * list of the proxies' addresses or CIDRs. `true` (what earlier versions documented) means one
 * proxy, not Fastify's "trust every entry", which made the client's own leftmost entry its
 * address, so anyone could pick an address and skip every per-address limit.
 */
export function parseTrustProxy(raw: string): false | number | string[] {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^[1-9][0-9]?$/.test(value)) return Number(value);
  if (value === 'true' || value === '1') return 1;
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !IPV4_OR_CIDR.test(entry) && !IPV6_OR_CIDR.test(entry));
  if (bad.length > 0 || entries.length === 0) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: expected false, the number of proxies in front (1 for one load balancer) or their addresses/CIDRs, not ${JSON.stringify(value)}`,
    );
  }
  return entries;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The only reader of process.env: parsed once, at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.SMS_WEBHOOK_URL || e.PUSH_WEBHOOK_URL) && !e.NOTIFY_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  NOTIFY_WEBHOOK_SECRET: required to sign SMS_WEBHOOK_URL / PUSH_WEBHOOK_URL requests',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'db'),
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO ?? true,
    redisUrl: e.REDIS_URL || undefined,
    // Production is served over HTTPS; COOKIE_SECURE=false is for trying it over plain HTTP.
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    contactAllowedOrigins: e.CONTACT_ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    smsWebhookUrl: e.SMS_WEBHOOK_URL || undefined,
    pushWebhookUrl: e.PUSH_WEBHOOK_URL || undefined,
    webhookSecret: e.NOTIFY_WEBHOOK_SECRET || undefined,
    notifyWorker: e.NOTIFY_WORKER ?? true,
    bulkWorker: e.BULK_WORKER ?? true,
    notify: {
      batchSize: e.NOTIFY_BATCH_SIZE,
      concurrency: e.NOTIFY_CONCURRENCY,
      leaseMs: e.NOTIFY_LEASE_MS,
      retryBaseMs: e.NOTIFY_RETRY_BASE_MS,
      maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
      pollMs: e.NOTIFY_POLL_MS,
    },
    maintenanceJobs: e.MAINTENANCE_JOBS ?? true,
    retention: {
      sessions: e.RETENTION_SESSIONS_DAYS,
      deliveries: e.RETENTION_DELIVERIES_DAYS,
      contact_messages: e.RETENTION_CONTACT_MESSAGES_DAYS,
      audit_logs: e.RETENTION_AUDIT_DAYS,
    },
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    unsubscribeSecret: e.UNSUBSCRIBE_SECRET || undefined,
    unsubscribeMailto: e.UNSUBSCRIBE_MAILTO || mailAddress(e.MAIL_FROM),
    whatsapp: whatsappConfig(e),
  };
}

/** The address in `Name <address>` (or the whole value when it is a bare address). */
const mailAddress = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();

/** Connected only with both a token and a business account: one without the other is a mistake. */
function whatsappConfig(e: z.infer<typeof envSchema>): WhatsAppConfig | null {
  const token = e.WHATSAPP_ACCESS_TOKEN || undefined;
  const waba = e.WHATSAPP_WABA_ID || undefined;
  if (!token && !waba) return null;
  if (!token || !waba) {
    throw new Error(
      `Invalid configuration:\n  ${token ? 'WHATSAPP_WABA_ID' : 'WHATSAPP_ACCESS_TOKEN'}: required with ${token ? 'WHATSAPP_ACCESS_TOKEN' : 'WHATSAPP_WABA_ID'} to connect WhatsApp`,
    );
  }
  return {
    graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/+$/, ''),
    accessToken: token,
    wabaId: waba,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID || null,
    appId: e.WHATSAPP_APP_ID || null,
    appSecret: e.WHATSAPP_APP_SECRET || null,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN || null,
    mps: e.WHATSAPP_MPS,
  };
}
