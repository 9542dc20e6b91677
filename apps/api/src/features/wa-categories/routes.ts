import type { FastifyInstance } from 'fastify';
import { provideWaCategoriesBulk } from './bulk';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  messageOnly,
  waCategoriesPage,
  waCategoriesQuery,
  waCategory,
  waCategoryInput,
  waCategoryParams,
  WA_CATEGORY_SUCCESS,
} from '@cricket/contracts';
import { z } from 'zod';
import { ok, pageData } from '../../lib/envelope';
import { auditOf } from '../../plugins/audit';
import { createCategory, deleteCategory, listCategories, updateCategory } from './repository';

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
    config: { access: 'wa_template_categories.update', audit: { entity: 'wa_template_category' } },
    schema: {
      tags: ['wa-categories'],
      summary: 'Update a template category',
      params: waCategoryParams,
      body: waCategoryInput,
      response: { 200: categoryData },
    },
    handler: async (request) => {
      const category = await updateCategory(
        app.db,
        request.params._id,
        request.body,
        auditOf(request),
      );
      return ok(WA_CATEGORY_SUCCESS.updated, { category });
    },
  });

  r.delete('/api/wa/template-categories/:_id', {
    config: { access: 'wa_template_categories.delete', audit: { entity: 'wa_template_category' } },
    schema: {
      tags: ['wa-categories'],
      summary: 'Delete a template category no template uses',
      params: waCategoryParams,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await deleteCategory(app.db, request.params._id, auditOf(request));
      return ok(WA_CATEGORY_SUCCESS.deleted);
    },
  });
}
