import { expect } from 'vitest';
import { RECORD_CHANGED_STATUS, RECORD_VERSION_MESSAGES } from '@cricket/contracts';
import { snapshot, type TestApp } from './harness';

/** One kind of versioned record (decision 059) as the edit-conflict tests drive it. */
export interface VersionedRecord {
  /** The record's URL: its GET, PUT and DELETE. */
  url: string;
  /** A PUT body that changes the record; `n` makes each call's change differ. */
  edit: (n: number) => object;
  /** False where the record has no DELETE. */
  deletes?: boolean;
}

const WEAK_TAG = /^W\/"\d+"$/;

/**
 * ETag on GET; a stale If-Match on PUT and DELETE answers 412 and changes nothing; the current
 * one (or `*`) writes and answers a new ETag; no If-Match writes as before.
 */
export async function expectVersioned(t: TestApp, token: string, record: VersionedRecord) {
  const call = (method: 'GET' | 'PUT' | 'DELETE', ifMatch?: string, payload?: object) =>
    t.as(token, {
      method,
      url: record.url,
      payload,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    });

  const read = await call('GET');
  expect(read.statusCode).toBe(200);
  const first = read.headers.etag as string;
  expect(first).toMatch(WEAK_TAG);

  const saved = await call('PUT', first, record.edit(1));
  expect(saved.statusCode, saved.body).toBe(200);
  const second = saved.headers.etag as string;
  expect(second).toMatch(WEAK_TAG);
  expect(second).not.toBe(first);
  expect((await call('GET')).headers.etag).toBe(second);

  const before = await snapshot(t.db);
  const refused: ['PUT' | 'DELETE', object | undefined][] = [['PUT', record.edit(2)]];
  if (record.deletes !== false) refused.push(['DELETE', undefined]);
  for (const [method, payload] of refused) {
    const stale = await call(method, first, payload);
    expect(stale.statusCode, `${method} ${stale.body}`).toBe(RECORD_CHANGED_STATUS);
    expect(stale.json()).toMatchObject({
      success: false,
      message: RECORD_VERSION_MESSAGES.changed,
    });
  }
  expect(await snapshot(t.db)).toBe(before);

  // Several tags, one of them current; then `*`; then none at all: each writes.
  const listed = await call('PUT', `${first}, ${second}`, record.edit(3));
  expect(listed.statusCode, listed.body).toBe(200);
  const any = await call('PUT', '*', record.edit(4));
  expect(any.statusCode, any.body).toBe(200);
  const unconditional = await call('PUT', undefined, record.edit(5));
  expect(unconditional.statusCode, unconditional.body).toBe(200);
  const last = unconditional.headers.etag as string;
  expect(last).not.toBe(any.headers.etag);

  if (record.deletes === false) return;
  const gone = await call('DELETE', last);
  expect(gone.statusCode, gone.body).toBe(200);
  expect((await call('GET')).statusCode).toBe(404);
}
