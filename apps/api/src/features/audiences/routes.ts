import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  audience,
  audienceCount,
  audienceDefinition,
  audienceInput,
  audienceParams,
  audiencesPage,
  audiencesExportQuery,
  audiencesQuery,
  AUDIENCE_EXPORT_COLUMNS,
  AUDIENCE_SUCCESS,
  envelope,
  messageOnly,
} from '@cricket/contracts';
import { audiences } from '../../db/schema';
import { listExportRoute } from '../../lib/csv-export';
import { ok, pageData } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import {
  assertRulesResolve,
  countAudience,
  createAudience,
  deleteAudience,
  exportAudiences,
  getAudience,
  listAudiences,
  updateAudience,
} from './repository';
import { provideAudiencesBulk } from './bulk';

const audienceData = envelope(z.object({ audience }));

/** Saved audiences (issue 36, decision 073): rules a send can target, counted live. */
export async function audiencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  provideAudiencesBulk(app);

  r.get('/api/audiences', {
    config: { access: 'audiences.view' },
    schema: {
      tags: ['audiences'],
      summary: 'Saved audiences by name, searched by name',
      querystring: audiencesQuery,
      response: { 200: envelope(audiencesPage) },
    },
    handler: async (request) => {
      const q = request.query;
      const { data, pagination } = pageData(q, await listAudiences(app.db, q));
      return ok(AUDIENCE_SUCCESS.listed, { audiences: data, pagination });
    },
  });

  listExportRoute(app, {
    list: 'audiences',
    access: 'audiences.view',
    tag: 'audiences',
    querystring: audiencesExportQuery,
    rows: (q) => exportAudiences(app.db, q),
    columns: AUDIENCE_EXPORT_COLUMNS,
  });

  r.post('/api/audiences/count', {
    config: {
      access: 'audiences.view',
      audit: { none: 'A count of a set of rules: it records nothing' },
      idempotency: { none: 'A count records nothing; a repeat counts again, as it should' },
    },
    schema: {
      tags: ['audiences'],
      summary: 'How many people a set of rules holds now (the form’s live count)',
      description:
        'Counts the people, not erased, whom the rules match now; a send to an audience with these rules reaches them, less those its consent or addresses skip.',
      body: audienceDefinition,
      response: { 200: envelope(audienceCount) },
    },
    handler: async (request) => {
      await assertRulesResolve(app.db, request.body.rules);
      return ok(AUDIENCE_SUCCESS.counted, { count: await countAudience(app.db, request.body) });
    },
  });

  r.get('/api/audiences/:_id', {
    config: { access: 'audiences.view', version: audiences },
    schema: {
      tags: ['audiences'],
      summary: 'A saved audience, with its version as the ETag',
      params: audienceParams,
      response: { 200: audienceData },
    },
    handler: async (request, reply) => {
      const found = await getAudience(app.db, request.params._id);
      sendVersion(reply, found.updated_at);
      return ok(AUDIENCE_SUCCESS.fetched, { audience: found });
    },
  });

  r.post('/api/audiences', {
    config: { access: 'audiences.create', audit: { entity: 'audience' } },
    schema: {
      tags: ['audiences'],
      summary: 'Save an audience',
      body: audienceInput,
      response: { 201: audienceData },
    },
    handler: async (request, reply) => {
      const created = await createAudience(
        app.db,
        request.body,
        sessionOf(request).userId,
        auditOf(request),
      );
      return reply.status(201).send(ok(AUDIENCE_SUCCESS.created, { audience: created }));
    },
  });

  r.put('/api/audiences/:_id', {
    config: { access: 'audiences.update', audit: { entity: 'audience' }, version: audiences },
    schema: {
      tags: ['audiences'],
      summary: 'Edit a saved audience; sends already made to it keep the rules they were made with',
      params: audienceParams,
      body: audienceInput,
      response: { 200: audienceData },
    },
    handler: async (request, reply) => {
      const updated = await versionedWrite(app.db, request, (db) =>
        updateAudience(db, request.params._id, request.body, auditOf(request)),
      );
      sendVersion(reply, updated.updated_at);
      return ok(AUDIENCE_SUCCESS.updated, { audience: updated });
    },
  });

  r.delete('/api/audiences/:_id', {
    config: { access: 'audiences.delete', audit: { entity: 'audience' }, version: audiences },
    schema: {
      tags: ['audiences'],
      summary: 'Delete a saved audience; sends made to it keep their rules and recipients',
      params: audienceParams,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await versionedWrite(app.db, request, (db) =>
        deleteAudience(db, request.params._id, auditOf(request)),
      );
      return ok(AUDIENCE_SUCCESS.deleted);
    },
  });
}
