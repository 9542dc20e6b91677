import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from '@cricket/contracts';
import { createTestApp, type TestApp } from '../test/harness';
import { selectPage, withTotal } from './page';
import { permissions } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const catalogue = (filter?: ReturnType<typeof eq>) => () =>
  t.db
    .select(withTotal({ id: permissions.id, name: permissions.name }))
    .from(permissions)
    .where(filter)
    .orderBy(asc(permissions.id))
    .$dynamic();

describe('selectPage', () => {
  const all = PERMISSION_CATALOGUE.length;

  it('reads one page and the total of every match in one go', async () => {
    const first = await selectPage(catalogue(), { page: 1, limit: 4 });
    expect(first.total).toBe(all);
    expect(first.rows).toHaveLength(4);
    // The counting column stays out of the rows.
    expect(Object.keys(first.rows[0]!).sort()).toEqual(['id', 'name']);
    const second = await selectPage(catalogue(), { page: 2, limit: 4 });
    expect(second.total).toBe(all);
    expect(second.rows[0]!.id).toBeGreaterThan(first.rows[3]!.id);
  });

  it('counts only what the filter keeps', async () => {
    const users = PERMISSION_CATALOGUE.filter((p) => p.name.startsWith('users.')).length;
    const page = await selectPage(catalogue(like(permissions.name, 'users.%')), {
      page: 1,
      limit: 2,
    });
    expect(page.total).toBe(users);
    expect(page.rows.every((r) => r.name.startsWith('users.'))).toBe(true);
  });

  it('still knows the total on a page past the end', async () => {
    const past = await selectPage(catalogue(), { page: 1_000, limit: 10 });
    expect(past).toEqual({ rows: [], total: all });
  });

  it('answers an empty list with total 0', async () => {
    const none = await selectPage(catalogue(eq(permissions.name, 'no.such')), {
      page: 3,
      limit: 10,
    });
    expect(none).toEqual({ rows: [], total: 0 });
  });
});
