// Checks a chosen image in the browser before uploading; the server checks again by content.
import { MAX_IMAGE_BYTES } from '#common/constants.ts';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function imageProblem(
  file: File,
  allowedTypes: string[] | 'any-image',
): 'type' | 'size' | null {
  const typeOk =
    allowedTypes === 'any-image'
      ? file.type.startsWith('image/') && file.type !== 'image/svg+xml'
      : allowedTypes.includes(file.type);
  if (!typeOk) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}
