// Reads one uploaded image from a multipart request, checking size and real type.
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '#common/constants.ts';
import type { MessageCode } from '#common/messages.ts';
import { AppError } from '#server/errors.ts';
import { type ImageType, inspectImage, MAX_IMAGE_SIDE } from './image-type.ts';

export async function readImageUpload(
  request: FastifyRequest,
  rules: { allowed: readonly ImageType[]; invalidType: MessageCode; tooLarge: MessageCode },
): Promise<{ bytes: Buffer; type: ImageType }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let bytes: Buffer;
  try {
    const part = await request.file({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, parts: 5 },
    });
    if (!part) throw new AppError('FILE_MISSING', { field: 'file' });
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(rules.tooLarge, { field: 'file' });
    // Fastify's own limits (too many parts, files, fields) have their answer in app.ts.
    if (code?.startsWith('FST_')) throw error;
    // The multipart parser's errors carry no code: a body cut short, or not multipart at all.
    throw new AppError('MULTIPART_INVALID', { field: 'file', cause: error });
  }
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
