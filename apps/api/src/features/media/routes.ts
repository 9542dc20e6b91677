import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_MESSAGES, MEDIA_RULES, MEDIA_SUCCESS, MEDIA_TYPES, WA_MEDIA_MAX_BYTES, envelope, mediaType, uploadData } from '@cricket/contracts';
import { sessionOf } from '../../plugins/auth';
import { ok } from '../../lib/envelope';
import { badRequest } from '../../lib/http-errors';
import { localDirectoryStorage } from '../../lib/storage';
import { recordMedia } from './repository';

const MAX_FILES = 10;

/** Legacy .doc files are OLE compound documents, which file-type reports as `cfb`. */
const normalise = (mime: string, ext: string) =>
  ext === 'cfb' ? { mime: 'application/msword', ext: 'doc' } : { mime, ext };

export async function mediaRoutes(app: FastifyInstance, opts: { uploadDir: string }) {
  await app.register(multipart, { limits: { fileSize: WA_MEDIA_MAX_BYTES, files: MAX_FILES, fields: 5 } });
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
      res.setHeader('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox");
    },
  });

  app.withTypeProvider<ZodTypeProvider>().post('/api/media/upload', {
    config: { access: 'media.upload' },
    schema: {
      tags: ['media'],
      summary: 'Upload pictures, logos or WhatsApp media (multipart: type, files)',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(uploadData) },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      if (!request.isMultipart()) throw badRequest(MEDIA_MESSAGES.notMultipart);

      let type: string | undefined;
      const received: { name: string; data: Buffer }[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'type') type = String(part.value);
          } else {
            received.push({ name: part.filename, data: await part.toBuffer() });
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const rules = mediaType.safeParse(type);
          throw badRequest(rules.success ? MEDIA_RULES[rules.data].tooLarge : MEDIA_RULES.whatsapp_templates.tooLarge);
        }
        throw err;
      }

      const parsedType = mediaType.safeParse(type);
      if (!parsedType.success) throw badRequest(MEDIA_MESSAGES.typeRequired, { type: [MEDIA_MESSAGES.typeRequired] });
      const rules = MEDIA_RULES[parsedType.data];
      if (received.length === 0) throw badRequest(MEDIA_MESSAGES.fileRequired, { files: [MEDIA_MESSAGES.fileRequired] });

      // Every file is checked before any is written: a rejected upload stores nothing.
      const accepted = [];
      for (const file of received) {
        if (file.data.length > rules.maxBytes) throw badRequest(rules.tooLarge, { files: [rules.tooLarge] });
        const sniffed = await fileTypeFromBuffer(file.data);
        const kind = sniffed && normalise(sniffed.mime, sniffed.ext);
        if (!kind || !rules.mimeTypes.includes(kind.mime)) throw badRequest(rules.wrongType, { files: [rules.wrongType] });
        accepted.push({ ...file, ...kind, fileName: `${randomUUID()}.${kind.ext}` });
      }

      const written: string[] = [];
      try {
        for (const file of accepted) {
          const key = `${parsedType.data}/${file.fileName}`;
          await storage.write(key, file.data);
          written.push(key);
        }
        await recordMedia(
          app.db,
          accepted.map((f) => ({
            type: parsedType.data,
            fileName: f.fileName,
            originalName: f.name.slice(0, 255),
            mimeType: f.mime,
            size: f.data.length,
            uploadedBy: session.userId,
          })),
        );
      } catch (err) {
        await Promise.all(written.map((key) => storage.delete(key)));
        throw err;
      }

      return ok(MEDIA_SUCCESS.uploaded, {
        files: accepted.map((f) => ({
          url: `/uploads/${parsedType.data}/${f.fileName}`,
          name: f.name,
          size: f.data.length,
          mime_type: f.mime,
        })),
      });
    },
  });
}
