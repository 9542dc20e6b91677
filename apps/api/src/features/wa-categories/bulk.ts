import type { FastifyInstance } from 'fastify';
import type { WaCategoryValues } from '@cricket/contracts';
import { idsOfPages } from '../../plugins/bulk-jobs';
import { deleteCategory, listCategories, setCategoryStatus } from './repository';

/** Bulk delete and status change of WhatsApp categories (issue 33), row by row. */
export function provideWaCategoriesBulk(app: FastifyInstance) {
  app.bulkJobs.provide('wa-categories', {
    entity: 'wa_template_category',
    resolve: (db, query) =>
      idsOfPages(async (page) => {
        const { rows, total } = await listCategories(db, { ...query, ...page });
        return { ids: rows.map((c) => c._id), total };
      }),
    delete: (db, { id, audit }) => deleteCategory(db, id, audit),
    set_status: (db, { id, status, audit }) =>
      setCategoryStatus(db, id, status as WaCategoryValues['status'], audit),
  });
}
