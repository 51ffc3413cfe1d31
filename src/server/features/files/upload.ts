// Reads one uploaded image from a multipart request, checking size and real type.
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '#common/constants.ts';
import type { MessageCode } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';
import { type ImageType, inspectImage, MAX_IMAGE_SIDE } from './image-type.ts';

/** The one file of a multipart request, at most maxBytes; each failure answered with its code. */
export async function readUploadedFile(
  request: FastifyRequest,
  rules: { maxBytes: number; tooLarge: MessageCode; missing: MessageCode; notMultipart: AppError },
): Promise<Buffer> {
  if (!request.isMultipart()) throw rules.notMultipart;
  try {
    const part = await request.file({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 4, parts: 5 },
    });
    if (!part) throw new AppError(rules.missing, { field: 'file' });
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(rules.tooLarge, { field: 'file' });
    // Fastify's own limits (too many parts, files, fields) have their answer in app.ts.
    if (code?.startsWith('FST_')) throw error;
    // The multipart parser's errors carry no code: a body cut short, or not multipart at all.
    throw new AppError('MULTIPART_INVALID', { field: 'file', cause: error });
  }
}

export async function readImageUpload(
  request: FastifyRequest,
  rules: { allowed: readonly ImageType[]; invalidType: MessageCode; tooLarge: MessageCode },
): Promise<{ bytes: Buffer; type: ImageType }> {
  const bytes = await readUploadedFile(request, {
    maxBytes: MAX_IMAGE_BYTES,
    tooLarge: rules.tooLarge,
    missing: 'FILE_MISSING',
    notMultipart: new AppError('UNSUPPORTED_MEDIA_TYPE'),
  });
  const inspected = inspectImage(bytes);
  if ('problem' in inspected) {
    if (inspected.problem === 'truncated') throw new AppError('IMAGE_DAMAGED', { field: 'file' });
    if (inspected.problem === 'dimensions') {
      throw new AppError('IMAGE_TOO_MANY_PIXELS', {
        field: 'file',
        params: { side: String(MAX_IMAGE_SIDE) },
      });
    }
    throw new AppError(rules.invalidType, { field: 'file' });
  }
  if (!rules.allowed.includes(inspected.type)) {
    throw new AppError(rules.invalidType, { field: 'file' });
  }
  return { bytes, type: inspected.type };
}
