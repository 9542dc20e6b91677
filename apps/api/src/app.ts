import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { MAX_PATH_PARAM_LENGTH, plainInput } from '@cricket/contracts';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { registerFeatures } from './features';
import bulkJobsPlugin from './plugins/bulk-jobs';
import auditPlugin from './plugins/audit';
import authPlugin from './plugins/auth';
import deliveryWorkerPlugin from './plugins/delivery-worker';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import globalSearchPlugin from './plugins/global-search';
import idempotencyPlugin from './plugins/idempotency';
import maintenancePlugin from './plugins/maintenance';
import notifyListenerPlugin from './plugins/notify-listener';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import throttlesPlugin from './plugins/throttles';
import transportsPlugin from './plugins/transports';
import availabilityLinksPlugin from './plugins/availability-links';
import availabilityRemindersPlugin from './plugins/availability-reminders';
import productSendsPlugin from './plugins/product-sends';
import unsubscribeLinksPlugin from './plugins/unsubscribe-links';
import webPlugin from './plugins/web';
import whatsappPlugin from './plugins/whatsapp';
import whatsappWebhookPlugin from './plugins/whatsapp-webhook';
import { serializerCompiler } from './lib/response-serializer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /**
     * What time it is for the routes that record when something is due (a send's deliveries):
     * the system clock, or a test's fixed one, so a test can send "at 20:55" without waiting.
     */
    clock: () => Date;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests fix the time with it; the system clock otherwise. */
  clock?: () => Date;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A hop count as proxy-addr reads one: Fastify's types leave the number out. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the Fastify instance: plugins first, then the feature routes. */
export async function buildApp({ config, database, logger, clock }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    // The request id also goes back to the client so a report can be matched to the logs. A
    // client's own id is kept only if it is short and plain, so it cannot forge log lines.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors,
  });
  // Every body, query and path is refused with a field message if it nests too deep or carries
  // a character no field may hold (common.ts, plainInput).
  app.setValidatorCompiler<ZodType>((route) =>
    validatorCompiler({ ...route, schema: plainInput(route.schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('clock', clock ?? (() => new Date()));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  // API JSON above 1 KB goes out gzipped at level 1. Not brotli: on a page of users (2.6 KB)
  // brotli at quality 4 took about 5 times gzip's CPU per response for 7 % fewer bytes (see
  // decision 019). JSON only: the web build is precompressed at build time and uploads are
  // media, so neither is compressed again per request.
  await app.register(compress, {
    encodings: ['gzip'],
    zlibOptions: { level: 1 },
    threshold: 1024,
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    globalDecompression: false,
  });
  // Infrastructure, each plugin naming what it needs (fastify/demo's shape); the routes only
  // call what these decorate.
  await app.register(notifyListenerPlugin, { database });
  await app.register(whatsappPlugin);
  await app.register(unsubscribeLinksPlugin);
  await app.register(availabilityLinksPlugin);
  await app.register(transportsPlugin);
  await app.register(throttlesPlugin);
  await app.register(deliveryWorkerPlugin);
  await app.register(maintenancePlugin);
  await app.register(authPlugin);
  await app.register(auditPlugin);
  await app.register(idempotencyPlugin);
  await app.register(whatsappWebhookPlugin);
  await app.register(globalSearchPlugin);
  await app.register(productSendsPlugin);
  await app.register(availabilityRemindersPlugin);
  await app.register(bulkJobsPlugin, { database });
  await registerFeatures(app);
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
