import type { FastifyInstance } from 'fastify';
import { provideWaCategoriesBulk } from './bulk';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  messageOnly,
  waCategoriesExportQuery,
  waCategoriesPage,
  waCategoriesQuery,
  waCategory,
  waCategoryInput,
  waCategoryParams,
  WA_CATEGORY_EXPORT_COLUMNS,
  WA_CATEGORY_SUCCESS,
} from '@cricket/contracts';
import { z } from 'zod';
import { waTemplateCategories } from '../../db/schema';
import { listExportRoute } from '../../lib/csv-export';
import { ok, pageData } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { auditOf } from '../../plugins/audit';
import {
  createCategory,
  deleteCategory,
  exportCategories,
  getCategory,
  listCategories,
  updateCategory,
} from './repository';

const categoryData = envelope(z.object({ category: waCategory }));

/** Spec §7 `/wa/template-categories`. */
export async function waCategoriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  provideWaCategoriesBulk(app);

  r.get('/api/wa/template-categories', {
    config: { access: 'wa_template_categories.view' },
    schema: {
      tags: ['wa-categories'],
      summary: 'Template categories in display order, searched by name and slug',
      querystring: waCategoriesQuery,
      response: { 200: envelope(waCategoriesPage) },
    },
    handler: async (request) => {
      const q = request.query;
      const { data, pagination } = pageData(q, await listCategories(app.db, q));
      return ok(WA_CATEGORY_SUCCESS.listed, { categories: data, pagination });
    },
  });

  listExportRoute(app, {
    list: 'wa-categories',
    path: '/api/wa/template-categories',
    access: 'wa_template_categories.view',
    tag: 'wa-categories',
    querystring: waCategoriesExportQuery,
    rows: (q) => exportCategories(app.db, q),
    columns: WA_CATEGORY_EXPORT_COLUMNS,
  });

  r.get('/api/wa/template-categories/:_id', {
    config: { access: 'wa_template_categories.view', version: waTemplateCategories },
    schema: {
      tags: ['wa-categories'],
      summary: 'A template category, with its version as the ETag',
      params: waCategoryParams,
      response: { 200: categoryData },
    },
    handler: async (request, reply) => {
      const category = await getCategory(app.db, request.params._id);
      sendVersion(reply, category.updated_at);
      return ok(WA_CATEGORY_SUCCESS.fetched, { category });
    },
  });

  r.post('/api/wa/template-categories', {
    config: { access: 'wa_template_categories.create', audit: { entity: 'wa_template_category' } },
    schema: {
      tags: ['wa-categories'],
      summary: 'Create a template category',
      body: waCategoryInput,
      response: { 201: categoryData },
    },
    handler: async (request, reply) => {
      const category = await createCategory(app.db, request.body, auditOf(request));
      return reply.status(201).send(ok(WA_CATEGORY_SUCCESS.created, { category }));
    },
  });

  r.put('/api/wa/template-categories/:_id', {
    config: {
      access: 'wa_template_categories.update',
      audit: { entity: 'wa_template_category' },
      version: waTemplateCategories,
    },
    schema: {
      tags: ['wa-categories'],
      summary: 'Update a template category',
      params: waCategoryParams,
      body: waCategoryInput,
      response: { 200: categoryData },
    },
    handler: async (request, reply) => {
      const category = await versionedWrite(app.db, request, (db) =>
        updateCategory(db, request.params._id, request.body, auditOf(request)),
      );
      sendVersion(reply, category.updated_at);
      return ok(WA_CATEGORY_SUCCESS.updated, { category });
    },
  });

  r.delete('/api/wa/template-categories/:_id', {
    config: {
      access: 'wa_template_categories.delete',
      audit: { entity: 'wa_template_category' },
      version: waTemplateCategories,
    },
    schema: {
      tags: ['wa-categories'],
      summary: 'Delete a template category no template uses',
      params: waCategoryParams,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await versionedWrite(app.db, request, (db) =>
        deleteCategory(db, request.params._id, auditOf(request)),
      );
      return ok(WA_CATEGORY_SUCCESS.deleted);
    },
  });
}
