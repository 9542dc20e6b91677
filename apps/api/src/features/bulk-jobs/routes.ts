import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BULK_JOB_MESSAGES,
  BULK_JOB_SUCCESS,
  BULK_LISTS,
  FORBIDDEN_MESSAGE,
  bulkJobBody,
  bulkJobData,
  bulkPermissionOf,
  envelope,
  errorBody,
  idParam,
} from '@cricket/contracts';
import { ok } from '../../lib/envelope';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { cancelJob, createJob, findJob } from './repository';

/** Bulk actions (issue 33, decision 060): the jobs themselves run in plugins/bulk-jobs.ts. */
export async function bulkJobsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bulk-jobs'];

  r.post('/api/bulk-jobs', {
    // The permission is the single-row action's on the list named in the body (403 otherwise).
    config: { access: 'signed-in', audit: { entity: 'bulk_job' } },
    schema: {
      tags,
      summary: 'Start a bulk delete or status change over selected or all matching rows',
      description:
        "Needs the permission of the single-row action on that list (403 otherwise). `query` is resolved to the matching ids now, so the job runs over the rows counted when it was asked for. Each row then runs in its own transaction with its own audit record; a row a rule refuses is listed in `errors` with the rule's message.",
      body: bulkJobBody,
      response: { 202: envelope(bulkJobData) },
    },
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const { list, action, ids, query, status } = request.body;
      const scopeOf = BULK_LISTS[list].scope;
      const permission = bulkPermissionOf(list, action);
      if (!permission || !session.permissions.includes(permission))
        throw forbidden(FORBIDDEN_MESSAGE);
      const provider = app.bulkJobs.provider(list);
      if (!provider) throw new Error(`No bulk provider for ${list}`);
      const filters = query === undefined ? null : BULK_LISTS[list].query.parse(query);
      // The body's refinement has checked the scope against the list's schema already.
      const scope = scopeOf ? (scopeOf.parse(request.body.scope) as Record<string, number>) : null;
      const rows = ids ?? (await provider.resolve(app.db, filters!, scope as never));
      const job = await createJob(
        app.db,
        {
          list,
          action,
          toStatus: action === 'set_status' ? status! : null,
          selection: ids ? { ids } : { query: filters },
          scope,
          requestedBy: session.userId,
          ids: rows,
        },
        auditOf(request),
      );
      app.bulkJobs.worker.wake();
      return reply.status(202).send(ok(BULK_JOB_SUCCESS.created, { job }));
    },
  });

  r.get('/api/bulk-jobs/:id', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'The progress of a bulk action you started',
      description: 'Only the user who started the job sees it; anyone else gets 404.',
      params: idParam,
      response: { 200: envelope(bulkJobData) },
    },
    handler: async (request) => {
      const job = await findJob(app.db, request.params.id, sessionOf(request).userId);
      if (!job) throw notFound(BULK_JOB_MESSAGES.notFound);
      return ok(BULK_JOB_SUCCESS.fetched, { job });
    },
  });

  r.post('/api/bulk-jobs/:id/cancel', {
    config: { access: 'signed-in', audit: { entity: 'bulk_job' } },
    schema: {
      tags,
      summary: 'Cancel a bulk action you started: it stops between two rows',
      description:
        'A queued job is cancelled at once; a running one stops before its next row (`cancel_requested` until then). Rows already changed stay changed.',
      params: idParam,
      response: {
        200: envelope(bulkJobData),
        409: errorBody.describe('The job has finished already'),
      },
    },
    handler: async (request) => {
      const job = await cancelJob(
        app.db,
        request.params.id,
        sessionOf(request).userId,
        auditOf(request),
      );
      if (job === null) throw notFound(BULK_JOB_MESSAGES.notFound);
      if (job === 'finished') throw conflict(BULK_JOB_MESSAGES.finished);
      return ok(BULK_JOB_SUCCESS.cancelled, { job });
    },
  });
}
