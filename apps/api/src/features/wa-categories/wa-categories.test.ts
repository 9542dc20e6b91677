import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WA_CATEGORY_MESSAGES, categoryInUseMessage } from '@cricket/contracts';
import { waTemplateCategories, waTemplates } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(token, { method, url, payload });
const count = async () => (await t.db.select().from(waTemplateCategories)).length;

async function create(body: Record<string, unknown>) {
  const res = await api('POST', '/api/wa/template-categories', {
    order: 0,
    status: 'active',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.category as { _id: number; slug: string };
}

describe('/api/wa/template-categories', () => {
  it('creates a trimmed category, storing an empty icon and description as absent', async () => {
    const res = await api('POST', '/api/wa/template-categories', {
      name: '  Match Updates ',
      slug: ' match-updates ',
      icon: '',
      description: '   ',
      order: 'x',
      status: 'active',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Category created successfully',
      data: {
        category: {
          name: 'Match Updates',
          slug: 'match-updates',
          icon: null,
          description: null,
          order: 0,
          status: 'active',
        },
      },
    });
    expect(res.json().data.category._id).toBeTypeOf('number');
  });

  it.each([
    [{ name: '' }, 'name', WA_CATEGORY_MESSAGES.nameRequired],
    [{ name: ' x ' }, 'name', WA_CATEGORY_MESSAGES.nameMin],
    [{ slug: '' }, 'slug', WA_CATEGORY_MESSAGES.slugRequired],
    [{ slug: 'Bad Slug' }, 'slug', WA_CATEGORY_MESSAGES.slugFormat],
    [{ icon: '🏏🏏🏏' }, 'icon', WA_CATEGORY_MESSAGES.iconMax],
    [{ order: -3 }, 'order', WA_CATEGORY_MESSAGES.orderMin],
    [{ order: 2.5 }, 'order', WA_CATEGORY_MESSAGES.orderInteger],
    [{ status: 'archived' }, 'status', WA_CATEGORY_MESSAGES.status],
  ])('refuses %j with the form message and stores nothing', async (over, field, message) => {
    const before = await count();
    const res = await api('POST', '/api/wa/template-categories', {
      name: 'Payments',
      slug: 'payments-x',
      order: 1,
      status: 'active',
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    expect(await count()).toBe(before);
  });

  it('refuses a slug in use with 409 naming the field, on create and on update', async () => {
    const first = await create({ name: 'Tournament News', slug: 'tournament-news' });
    const other = await create({ name: 'Account', slug: 'account' });
    const dup = await api('POST', '/api/wa/template-categories', {
      name: 'Other',
      slug: 'tournament-news',
      order: 0,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      message: WA_CATEGORY_MESSAGES.slugTaken,
      errors: { slug: [WA_CATEGORY_MESSAGES.slugTaken] },
    });
    const moved = await api('PUT', `/api/wa/template-categories/${other._id}`, {
      name: 'Account',
      slug: 'tournament-news',
      order: 0,
    });
    expect(moved.statusCode).toBe(409);
    const kept = await api('PUT', `/api/wa/template-categories/${first._id}`, {
      name: 'Tournament News!',
      slug: 'tournament-news',
      icon: '🏆',
      order: 4,
      status: 'inactive',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.category).toMatchObject({ icon: '🏆', order: 4, status: 'inactive' });
  });

  it('lists in display order with search over name and slug and a status filter', async () => {
    await create({ name: 'Promotions', slug: 'promo', order: 1 });
    const all = await api('GET', '/api/wa/template-categories?page=1&limit=100&status=active');
    expect(all.statusCode).toBe(200);
    const { categories, pagination } = all.json().data;
    const orders = categories.map((c: { order: number }) => c.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(categories.every((c: { status: string }) => c.status === 'active')).toBe(true);
    expect(pagination).toMatchObject({ current_page: 1, per_page: 100 });
    const bySlug = await api('GET', '/api/wa/template-categories?search=promo');
    expect(bySlug.json().data.categories.map((c: { name: string }) => c.name)).toEqual([
      'Promotions',
    ]);
    const byName = await api('GET', '/api/wa/template-categories?search=PROMOTIONS');
    expect(byName.json().data.categories).toHaveLength(1);
    const inactive = await api('GET', '/api/wa/template-categories?status=inactive');
    expect(inactive.json().data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'tournament-news',
    ]);
  });

  it('deletes an unused category, refuses one in use saying how many templates use it', async () => {
    const used = await create({ name: 'Payments', slug: 'payments' });
    await t.db.insert(waTemplates).values(
      ['one', 'two'].map((n) => ({
        name: `payment_${n}`,
        categoryId: used._id,
        type: 'text',
        bodyText: 'Your payment was received, thank you.',
      })),
    );
    const refused = await api('DELETE', `/api/wa/template-categories/${used._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(categoryInUseMessage(2));
    expect(refused.json().message).toContain('used by 2 templates');

    const unused = await create({ name: 'Spare', slug: 'spare' });
    const ok = await api('DELETE', `/api/wa/template-categories/${unused._id}`);
    expect(ok.json()).toEqual({ success: true, message: 'Category deleted successfully' });
    expect((await api('DELETE', `/api/wa/template-categories/${unused._id}`)).statusCode).toBe(404);
  });
});
