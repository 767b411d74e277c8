/**
 * Reads a request body that may be multipart/form-data (with at most one image) or JSON
 * into one plain object, so create/update routes accept both. Repeated fields
 * (category) become arrays. The file stays in memory (bounded by MAX_IMAGE_BYTES) and
 * goes through the image pipeline; its client-side name is never used.
 */
import type { FastifyRequest } from 'fastify';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '@marktgasse/shared';
import { AppError, badRequest, tooLarge, tooMany } from './errors.ts';
import type { Limits } from './rate-limiter.ts';

export interface UploadedFile {
  field: string;
  buffer: Buffer;
}

export interface FormBody {
  fields: Record<string, unknown>;
  file: UploadedFile | null;
}

const REPEATABLE = new Set(['category', 'categories']);

export async function readForm(request: FastifyRequest, fileField = 'image'): Promise<FormBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, file: null };
    if (typeof body !== 'object' || Array.isArray(body))
      throw badRequest('The request body must be a JSON object.');
    return { fields: { ...(body as Record<string, unknown>) }, file: null };
  }
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 60, fieldSize: 20_000 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          await part.toBuffer().catch(() => undefined);
          throw badRequest(`Unexpected file field "${part.fieldname}": send the image as "${fileField}".`);
        }
        // Every upload of a signed-in user counts, before the bytes are read or decoded.
        if (request.user) {
          try {
            await countUpload(request.server.ctx.limits, request.user.id);
          } catch (error) {
            await part.toBuffer().catch(() => undefined);
            throw error;
          }
        }
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
        if (buffer.length > 0) file = { field: part.fieldname, buffer };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (value.includes('\u0000')) throw badRequest('Text may not contain NUL characters.');
        const key = part.fieldname.replace(/\[\]$/, '');
        if (REPEATABLE.has(key)) {
          const list = (fields[key] as string[] | undefined) ?? [];
          if (value !== '') list.push(value);
          fields[key] = list;
        } else if (key === fileField && value === '') {
          // an empty image field means "no new image"
        } else {
          fields[key] = value;
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(IMAGE_TOO_LARGE_MESSAGE);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send at most one image.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Too many form fields.');
    if (error instanceof AppError) throw error;
    throw badRequest('The multipart body is malformed.');
  }
  return { fields, file };
}

/** Counts one image upload of a user (RATE_LIMIT_UPLOADS_PER_USER per hour) before it is read or decoded. */
async function countUpload(limits: Limits, userId: number): Promise<void> {
  const taken = await limits.take('uploadsUser', String(userId));
  if (!taken.ok) {
    throw tooMany(
      'You have uploaded too many images in the last hour. Please wait before uploading another.',
      taken.retryAfterSeconds,
    );
  }
}
