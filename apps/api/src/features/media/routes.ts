import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import {
  MEDIA_MAX_FILES,
  MEDIA_MAX_REQUEST_BYTES,
  MEDIA_MESSAGES,
  MEDIA_RULES,
  MEDIA_SUCCESS,
  MEDIA_TYPES,
  NUL_CHARACTER_MESSAGE,
  WA_MEDIA_MAX_BYTES,
  envelope,
  mediaType,
  uploadData,
  type MediaType,
} from '@cricket/contracts';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import { drainBody } from '../../lib/drain-body';
import { HttpError, badRequest } from '../../lib/http-errors';
import { localDirectoryStorage } from '../../lib/storage';
import { recordMedia } from './repository';

type MediaRule = (typeof MEDIA_RULES)[MediaType];

/**
 * How much more of a refused upload is read and dropped before answering, so that a client
 * still sending (Node's fetch) reads the answer instead of a reset (drainBody). A body with
 * more than this left, or of unknown length (chunked), is answered at once and its connection
 * closed: reading it all would let anyone keep the server reading, and a client that stops
 * sending when answered reads the answer best when it comes first.
 */
const DRAIN_MAX_BYTES = 1024 * 1024;

/** A refusal while the upload streams in, `read` bytes of its files in. */
async function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  read: number,
  message: string,
  errors?: Record<string, string[]>,
): Promise<never> {
  // A little over what is left: `read` counts file bytes only.
  const left = Number(request.headers['content-length']) - read;
  const drained = left <= DRAIN_MAX_BYTES && (await drainBody(request.raw, DRAIN_MAX_BYTES));
  if (!drained) reply.header('connection', 'close');
  throw badRequest(message, errors);
}

/** Legacy .doc files are OLE compound documents, which file-type reports as `cfb`. */
const normalise = (mime: string, ext: string) =>
  ext === 'cfb' ? { mime: 'application/msword', ext: 'doc' } : { mime, ext };

export async function mediaRoutes(app: FastifyInstance, opts: { uploadDir: string }) {
  // The per-type limit applies while a file streams in (see the handler); these are backstops.
  await app.register(multipart, {
    limits: {
      fileSize: WA_MEDIA_MAX_BYTES,
      files: MEDIA_MAX_FILES,
      fields: 5,
      parts: MEDIA_MAX_FILES + 5,
      fieldSize: 1024,
    },
  });
  for (const type of MEDIA_TYPES) await mkdir(path.join(opts.uploadDir, type), { recursive: true });
  const storage = localDirectoryStorage(opts.uploadDir);

  // Files are served under generated names with their sniffed type; helmet adds nosniff.
  await app.register(fastifyStatic, {
    root: opts.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
      );
    },
  });

  app.withTypeProvider<ZodTypeProvider>().post('/api/media/upload', {
    config: { access: 'media.upload', audit: { entity: 'media' } },
    schema: {
      tags: ['media'],
      summary: 'Upload pictures, logos or WhatsApp media (multipart: type, files)',
      description: `Refused (400) when the body is not multipart/form-data or its files exceed ${MEDIA_MAX_REQUEST_BYTES / 1024 / 1024} MB in all.`,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(uploadData) },
    },
    handler: async (request, reply) => {
      const session = sessionOf(request);
      if (!request.isMultipart()) throw badRequest(MEDIA_MESSAGES.notMultipart);

      // Refused before a byte of it is read, and closed: there is more than DRAIN_MAX_BYTES to
      // drop. A body declared just over the limit is read, and refused when its files are.
      const declared = Number(request.headers['content-length']);
      if (declared > MEDIA_MAX_REQUEST_BYTES + DRAIN_MAX_BYTES) {
        reply.header('connection', 'close');
        throw badRequest(MEDIA_MESSAGES.requestTooLarge);
      }

      let rules: MediaRule | undefined;
      let type: MediaType | undefined;
      let total = 0;
      const received: { name: string; data: Buffer }[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'type') continue;
            const parsed = mediaType.safeParse(part.value);
            if (!parsed.success)
              throw badRequest(MEDIA_MESSAGES.typeRequired, {
                type: [MEDIA_MESSAGES.typeRequired],
              });
            type = parsed.data;
            rules = MEDIA_RULES[type];
            continue;
          }
          // The type decides the size limit, so it must come first (the web app sends it first).
          if (!rules)
            throw badRequest(MEDIA_MESSAGES.typeRequired, { type: [MEDIA_MESSAGES.typeRequired] });
          if (part.filename.includes('\u0000'))
            throw badRequest(NUL_CHARACTER_MESSAGE, { files: [NUL_CHARACTER_MESSAGE] });
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            size += chunk.length;
            total += chunk.length;
            if (size > rules.maxBytes)
              throw badRequest(rules.tooLarge, { files: [rules.tooLarge] });
            if (total > MEDIA_MAX_REQUEST_BYTES) throw badRequest(MEDIA_MESSAGES.requestTooLarge);
            chunks.push(chunk);
          }
          received.push({ name: part.filename, data: Buffer.concat(chunks) });
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          return refuse(request, reply, total, MEDIA_MESSAGES.tooManyFiles);
        if (code === 'FST_REQ_FILE_TOO_LARGE' && rules)
          return refuse(request, reply, total, rules.tooLarge, { files: [rules.tooLarge] });
        if (err instanceof HttpError) return refuse(request, reply, total, err.message, err.errors);
        throw err;
      }

      if (!type || !rules)
        throw badRequest(MEDIA_MESSAGES.typeRequired, { type: [MEDIA_MESSAGES.typeRequired] });
      if (received.length === 0)
        throw badRequest(MEDIA_MESSAGES.fileRequired, { files: [MEDIA_MESSAGES.fileRequired] });

      // Every file is checked before any is written: a rejected upload stores nothing.
      const accepted = [];
      for (const file of received) {
        const sniffed = await fileTypeFromBuffer(file.data);
        const kind = sniffed && normalise(sniffed.mime, sniffed.ext);
        if (!kind || !rules.mimeTypes.includes(kind.mime))
          throw badRequest(rules.wrongType, { files: [rules.wrongType] });
        accepted.push({ ...file, ...kind, fileName: `${randomUUID()}.${kind.ext}` });
      }

      const written: string[] = [];
      try {
        for (const file of accepted) {
          const key = `${type}/${file.fileName}`;
          await storage.write(key, file.data);
          written.push(key);
        }
        await recordMedia(
          app.db,
          accepted.map((f) => ({
            type: type,
            fileName: f.fileName,
            originalName: f.name.slice(0, 255),
            mimeType: f.mime,
            size: f.data.length,
            uploadedBy: session.userId,
          })),
          auditOf(request),
        );
      } catch (err) {
        await Promise.all(written.map((key) => storage.delete(key)));
        throw err;
      }

      return ok(MEDIA_SUCCESS.uploaded, {
        files: accepted.map((f) => ({
          url: `/uploads/${type}/${f.fileName}`,
          name: f.name,
          size: f.data.length,
          mime_type: f.mime,
        })),
      });
    },
  });
}
