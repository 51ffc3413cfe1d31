// Materials' server messages in English, by the same codes as material-messages.ts.
import type { materialMessages } from './material-messages.ts';

export const materialMessagesEn: Record<keyof typeof materialMessages, string> = {
  MATERIAL_TYPE:
    'This file type is not supported. Upload a PDF, an image, audio (mp3, m4a, wav, ogg) or a Word, Excel or PowerPoint document.',
  MATERIAL_TOO_LARGE: 'The file is too large: at most {max} MB for this type of file.',
  MATERIAL_LINK_INVALID: 'The link must start with http:// or https://.',
  MATERIAL_TITLE_REQUIRED: 'Please enter a title for the material.',
  MATERIAL_DELETE_FORBIDDEN: 'Only whoever added the material, an admin or staff can delete it.',
  MATERIAL_ADDED: 'The material was added.',
  MATERIAL_DELETED: 'The material was deleted.',
} as const;
