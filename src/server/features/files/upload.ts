// Reads one uploaded image from a multipart request, checking size and real type.
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../../common/constants.ts';
import type { MessageCode } from '../../../common/messages.ts';
import { AppError } from '../../errors.ts';
import { detectImageType, type ImageType } from './image-type.ts';

export async function readImageUpload(
  request: FastifyRequest,
  rules: { allowed: readonly ImageType[]; invalidType: MessageCode; tooLarge: MessageCode },
): Promise<{ bytes: Buffer; type: ImageType }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const part = await request.file({
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, parts: 5 },
  });
  if (!part) throw new AppError('FILE_MISSING', { field: 'file' });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(rules.tooLarge, { field: 'file' });
    }
    throw error;
  }
  const type = detectImageType(bytes);
  if (!type || !rules.allowed.includes(type)) {
    throw new AppError(rules.invalidType, { field: 'file' });
  }
  return { bytes, type };
}
