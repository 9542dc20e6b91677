import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { CSV_MEDIA_TYPE, SORT_MESSAGES } from '@cricket/contracts';
import type { TestApp } from './harness';

type Answer = Awaited<ReturnType<TestApp['as']>>;
type Row = Record<string, unknown>;

/** A CSV export's header and rows; the answer's type and file name (`<list>-<day>.csv`) first. */
export function readCsv(res: Answer, list: string, day: string) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(CSV_MEDIA_TYPE);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${list}-${day}.csv"`);
  const [header, ...rows] = parse(res.body, { relax_column_count: false }) as string[][];
  return { header: header!, rows };
}

/**
 * Every row of a list for a query, page by page, as its JSON answers it. `rows` reads a page's
 * rows where the list names them (`data.templates`); by default `data.data`.
 */
export async function allPages(
  t: TestApp,
  token: string,
  url: string,
  rowsOf: (data: Row) => Row[] = (data) => data.data as Row[],
): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await t.as(token, {
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}limit=100&page=${page}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Row;
    rows.push(...rowsOf(data));
    const pagination = (data.pagination ?? (data.deliveries as Row).pagination) as {
      total: number;
      has_next_page: boolean;
    };
    total = pagination.total;
    if (!pagination.has_next_page) return { rows, total };
  }
}

/** A cell a spreadsheet would run: the export must have neutralised every one. */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * Issue 33's check of a list's export: for each query, the CSV holds the header row of
 * `columns` and exactly the rows the list's pages hold, in their order (the first column is the
 * id); no cell starts as a formula; no password hash or token rides along. An unknown sort key
 * answers 400 naming the list's keys (`sortKeys`), and a role without `access` gets 403.
 */
export async function expectExportsLikeList(
  t: TestApp,
  token: string,
  o: {
    /** The file's name, `<list>-<day>.csv`. */
    list: string;
    day: string;
    /** The list's path; its export is `<path>/export`. */
    path: string;
    /** The list's pages, where they are not at `path` (a send's deliveries are its page's). */
    listPath?: string;
    queries: string[];
    columns: Readonly<Record<string, string>>;
    sortKeys?: readonly string[];
    id?: (row: Row) => unknown;
    rows?: (data: Row) => Row[];
    /** A role with every permission but this one is refused. */
    access: string;
    otherPermission: Parameters<TestApp['userWith']>[0][number];
  },
) {
  const idOf = o.id ?? ((row: Row) => row.id);
  for (const query of o.queries) {
    const list = await allPages(t, token, `${o.listPath ?? o.path}?${query}`, o.rows);
    const res = await t.as(token, { method: 'GET', url: `${o.path}/export?${query}` });
    const csv = readCsv(res, o.list, o.day);
    expect(csv.header).toEqual(Object.values(o.columns));
    expect(csv.rows.length, query).toBe(list.total);
    expect(
      csv.rows.map((r) => Number(r[0])),
      query,
    ).toEqual(list.rows.map(idOf));
    for (const cell of csv.rows.flat()) expect(cell, query).not.toMatch(FORMULA);
    expect(res.body).not.toMatch(/\$argon2|\$2[aby]\$|password_hash|secret-token/i);
  }
  if (o.sortKeys) {
    const bad = await t.as(token, { method: 'GET', url: `${o.path}/export?sort=password` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SORT_MESSAGES.unknownKey(o.sortKeys));
  }
  const other = await t.userWith([o.otherPermission]);
  const refused = await t.as(other.token, { method: 'GET', url: `${o.path}/export` });
  expect(refused.statusCode, o.access).toBe(403);
}

/** Every cell of a column of an export, for a check of what a seeded formula became. */
export async function exportedColumn(t: TestApp, token: string, url: string, column: number) {
  const res = await t.as(token, { method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const [, ...rows] = parse(res.body) as string[][];
  return rows.map((r) => r[column]!);
}
