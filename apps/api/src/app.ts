import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createLoginThrottle } from './features/auth/login-throttle';
import { registerFeatures } from './features';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import webPlugin from './plugins/web';
import { serializerCompiler } from './lib/response-serializer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify instance: plugins first, then the feature routes. */
export async function buildApp({ config, database, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // The request id also goes back to the client so a report can be matched to the logs.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const throttle = createLoginThrottle(config.redisUrl);
  app.addHook('onClose', () => throttle.close());

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
  await app.register(authPlugin, { database });
  await registerFeatures(app, { auth: { throttle, cookieSecure: config.cookieSecure }, database });
  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
