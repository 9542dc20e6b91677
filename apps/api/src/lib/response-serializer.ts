import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { buildPagination } from '@cricket/contracts';
import fastJson from 'fast-json-stringify';
import { z, type ZodType } from 'zod';

/**
 * Responses are written by fast-json-stringify from each route's zod schema turned into JSON
 * Schema: only the declared fields leave the server, as with zod, at a fraction of the CPU
 * zod's encode-then-stringify costs on a page of rows.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0],
  );

/**
 * A list body around a page that PostgreSQL already wrote as JSON (see users/repository.ts):
 * only the envelope is written here. Sent with the JSON content type, Fastify passes the text
 * through untouched; the route's response schema still documents the shape, and the tests hold
 * the text to it.
 */
export function sendJsonPage(
  reply: FastifyReply,
  message: string,
  q: { page: number; limit: number },
  page: { total: number; json: string },
) {
  const pagination = JSON.stringify(buildPagination(page.total, q.page, q.limit));
  return reply
    .type('application/json; charset=utf-8')
    .send(
      `{"success":true,"message":${JSON.stringify(message)},"data":{"data":${page.json},"pagination":${pagination}}}`,
    );
}
