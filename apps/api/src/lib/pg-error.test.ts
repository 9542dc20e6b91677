import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../db/client';
import { isDatabaseUnavailable, loggableError } from './pg-error';

let database: Database;
beforeAll(async () => {
  database = await openPglite(null);
});
afterAll(() => database.close());

describe('a failed query as it is logged', () => {
  it('keeps the SQL and the server message, never the parameter values', async () => {
    const err = await database.db
      .execute(sql`select ${'s3cret-Passw0rd'}::int`)
      .catch((e: unknown) => e);
    // The driver's own error does carry the value: that is what must not reach the log.
    expect(
      JSON.stringify(err, Object.getOwnPropertyNames(err)) + String((err as Error).stack),
    ).toContain('s3cret-Passw0rd');
    const logged = loggableError(err) as { stack?: string };
    const text = JSON.stringify(logged);
    expect(text).toContain('Failed query: select $1::int');
    expect(text).toContain('invalid input syntax for type integer');
    expect(text).not.toContain('s3cret-Passw0rd');
    expect(logged.stack).toMatch(/^ {4}at /);
  });
});

describe('telling an unreachable database from a bad query', () => {
  it.each([
    [
      'refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'shut down',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ],
    ['starting', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['dropped', new Error('Connection terminated unexpectedly')],
    ['pool wait', new Error('timeout exceeded when trying to connect')],
    [
      'wrapped',
      Object.assign(new Error('Failed query: select 1'), {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ],
  ])('%s is unavailable', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('a constraint violation is not', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ).toBe(false);
  });
});
