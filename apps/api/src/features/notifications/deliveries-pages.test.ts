import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDetailsQuery, SORT_MESSAGES, DELIVERY_SORT_KEYS } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { decodePageKey, encodePageKey, planPage, queryFingerprint } from '../../db/page';
import { explainPrepared } from '../../test/explain';
import { createTestApp, type TestApp } from '../../test/harness';
import { deliveryPageStatement } from './repository-deliveries';

/**
 * A send's deliveries (issues 33 and 35, decision 062): every page, in every order, holds
 * what ORDER BY … OFFSET gives, read from the index of its order within the send, from the
 * nearer end.
 */
let t: TestApp;
let token: string;
let sendId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [send] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into notification_sends (template_name, channel, recipient_type, message, status)
        values ('Large send', 'email', 'all', 'Hello', 'completed_with_failures') returning id`,
  );
  sendId = send!.id;
  // Names and sent times repeat, and some were never sent, so the id decides ties and nulls sort.
  await t.db.execute(sql`
    insert into notification_deliveries (send_id, user_id, recipient_name, address, status, sent_at)
    select ${sendId}, g, 'Player ' || (g % 17), 'p' || g || '@example.in',
           (array['sent', 'failed', 'skipped', 'sent'])[1 + g % 4],
           case when g % 4 in (0, 3) then timestamptz '2026-11-01' + ((g % 9) || ' minutes')::interval end
    from generate_series(1, 131) g`);
  // Another send's deliveries must not show.
  const [other] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into notification_sends (template_name, channel, recipient_type, message, status)
        values ('Other', 'email', 'all', 'Hi', 'sent') returning id`,
  );
  await t.db.execute(sql`
    insert into notification_deliveries (send_id, user_id, recipient_name, status)
    select ${other!.id}, g, 'Other ' || g, 'sent' from generate_series(1, 20) g`);
});
afterAll(() => t.close());

const ORACLE: Record<string, string> = {
  none: 'id asc',
  recipient: 'recipient_name %, id %',
  status: 'status %, id %',
  sent_at: 'sent_at %, id %',
};

describe("a send's deliveries", () => {
  it('answers every page in every order as ORDER BY … OFFSET does, and refuses an unknown key', async () => {
    const limit = 10;
    for (const filter of ['', 'status=sent'])
      for (const [sort, order] of [
        ['none', 'asc'],
        ...DELIVERY_SORT_KEYS.flatMap((key) => [
          [key, 'asc'],
          [key, 'desc'],
        ]),
      ] as const) {
        const where = filter ? sql`and status = 'sent'` : sql``;
        const [{ n }] = (await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from notification_deliveries where send_id = ${sendId} ${where}`,
        )) as [{ n: number }];
        const last = Math.ceil(n / limit);
        for (const page of [1, 2, Math.ceil(last / 2), last - 1, last, last + 1]) {
          const oracle = await queryRows<{ id: number }>(
            t.db,
            sql`select id::int as id from notification_deliveries where send_id = ${sendId} ${where}
                order by ${sql.raw(ORACLE[sort]!.replaceAll('%', order))}
                limit ${limit} offset ${(page - 1) * limit}`,
          );
          const query = [
            `page=${page}`,
            `limit=${limit}`,
            filter,
            sort === 'none' ? '' : `sort=${sort}&order=${order}`,
          ]
            .filter(Boolean)
            .join('&');
          const res = await t.as(token, {
            method: 'GET',
            url: `/api/notifications/sends/${sendId}?${query}`,
          });
          expect(res.statusCode, res.body).toBe(200);
          const got = res.json().data.deliveries;
          expect(
            got.data.map((d: { id: number }) => d.id),
            query,
          ).toEqual(oracle.map((r) => r.id));
          expect(got.pagination.total, query).toBe(n);
        }
      }
    const bad = await t.as(token, {
      method: 'GET',
      url: `/api/notifications/sends/${sendId}?sort=address`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SORT_MESSAGES.unknownKey(DELIVERY_SORT_KEYS));
  });

  it('reads each order from its index within the send, from either end, never sorting', async () => {
    for (const sort of [undefined, ...DELIVERY_SORT_KEYS])
      for (const order of ['asc', 'desc'] as const) {
        const q = sendDetailsQuery.parse({ sort, order, page: 9, limit: 10 });
        for (const plan of [planPage(q, '', 131, false), planPage(q, '', 1000, false)]) {
          const { query, values } = deliveryPageStatement(t.db, sendId, q, plan);
          const plan_ = await explainPrepared(t.db, query, values, [
            'enable_seqscan = off',
            'enable_bitmapscan = off',
          ]);
          const what = `${sort} ${order} ${plan.kind}`;
          expect(plan_, what).toMatch(
            /Index (Only )?Scan( Backward)? using notification_deliveries_send_\w+/,
          );
          // The only sort is of the page's own rows into the ids' order (PostgreSQL 16 and
          // later show the aggregate's ORDER BY as a Sort node; 15 sorts inside the aggregate).
          for (const [, key] of plan_.matchAll(/Sort Key: (.*)/g))
            expect(key, what).toMatch(/^\(?array_position\(/);
          expect(plan_.match(/-> {2}(Incremental )?Sort/g)?.length ?? 0, what).toBeLessThanOrEqual(
            1,
          );
        }
      }
  });

  it('steps to the next or previous page by its Link key, the same rows, and after a change still', async () => {
    const pageOf = async (url: string) => {
      const res = await t.as(token, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const links = Object.fromEntries(
        String(res.headers.link ?? '')
          .split(', ')
          .filter(Boolean)
          .map((l) => [/rel="(\w+)"/.exec(l)![1], /<([^>]+)>/.exec(l)![1]]),
      ) as Record<string, string>;
      return { ids: res.json().data.deliveries.data.map((d: { id: number }) => d.id), links };
    };
    const base = `/api/notifications/sends/${sendId}`;
    for (const query of [
      'limit=10',
      'limit=10&sort=status&order=desc',
      'limit=10&sort=recipient',
    ]) {
      const oracleOf = async (page: number) => (await pageOf(`${base}?${query}&page=${page}`)).ids;
      const first = await pageOf(`${base}?${query}&page=1`);
      expect(first.links.next, query).toContain('page_key=');
      const second = await pageOf(first.links.next!);
      expect(second.ids, query).toEqual(await oracleOf(2));
      const back = await pageOf(second.links.prev!);
      expect(back.ids, query).toEqual(first.ids);

      // A status changes between the two requests: the key no longer fits, the page is right.
      await t.db.execute(
        sql`update notification_deliveries set status = 'failed' where id = ${second.ids[0]}`,
      );
      const third = await pageOf(second.links.next!);
      expect(third.ids, query).toEqual(await oracleOf(3));
      await t.db.execute(
        sql`update notification_deliveries set status = 'sent' where id = ${second.ids[0]}`,
      );
    }
    // A key that fits is what the page is read from: the rows after its values, not an offset.
    const first = await pageOf(`${base}?limit=10&page=1`);
    const written = decodePageKey(
      new URL(`http://x${first.links.next}`).searchParams.get('page_key')!,
    )!;
    // The deliveries' ids run on from the first, made in one statement.
    const moved = encodePageKey({ ...written, values: [first.ids[0] + 99] });
    const sought = await pageOf(`${base}?limit=10&page=2&page_key=${moved}`);
    expect(sought.ids).toEqual(Array.from({ length: 10 }, (_, i) => first.ids[0] + 100 + i));

    // A key another query wrote, or one with values its order cannot take, is only ignored.
    const q = sendDetailsQuery.parse({ page: 2, limit: 10 });
    const forged = encodePageKey({
      page: 1,
      edge: 'next',
      version: '0',
      query: queryFingerprint({ ...q, sort: 'status' }),
      values: [5],
    });
    expect((await pageOf(`${base}?page=2&limit=10&page_key=${forged}`)).ids).toEqual(
      (await pageOf(`${base}?page=2&limit=10`)).ids,
    );
    const sentAt = await pageOf(`${base}?limit=10&sort=sent_at&page=1`);
    expect(sentAt.links).toEqual({});
  });
});
