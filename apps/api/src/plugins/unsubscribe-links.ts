import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows, type Db } from '../db/client';
import { createUnsubscribeLinks, type UnsubscribeLinks } from '../lib/unsubscribe-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and reads unsubscribe tokens and builds their links (decision 052). */
    unsubscribeLinks: UnsubscribeLinks;
  }
}

/**
 * The secret: UNSUBSCRIBE_SECRET when set, else the one kept in the database, made by the first
 * instance that needed it (a concurrent start keeps the first writer's).
 */
export async function unsubscribeSecret(db: Db, configured: string | undefined) {
  if (configured) return configured;
  await db.execute(
    sql`insert into server_secrets (name, value)
        values ('unsubscribe', ${randomBytes(32).toString('base64url')})
        on conflict (name) do nothing`,
  );
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select value from server_secrets where name = 'unsubscribe'`,
  );
  return row!.value;
}

/**
 * The unsubscribe links' secret and base URL, settled once at start. Without PUBLIC_URL the
 * links point at this server on localhost, which works only on the machine itself: said once
 * in the log, since no request (the worker sends without one) can tell the public address.
 */
export default fp(
  async function unsubscribeLinks(app: FastifyInstance) {
    const { config } = app;
    const secret = await unsubscribeSecret(app.db, config.unsubscribeSecret);
    const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    if (!config.publicUrl)
      app.log.warn(
        `PUBLIC_URL is not set: unsubscribe links in emails point at ${publicUrl}, which only this machine can open`,
      );
    app.decorate(
      'unsubscribeLinks',
      createUnsubscribeLinks({ secret, publicUrl, mailto: config.unsubscribeMailto }),
    );
  },
  { name: 'unsubscribe-links', decorators: { fastify: ['config', 'db'] } },
);
