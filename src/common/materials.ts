// Materials of a class or of a lesson, and the Library (issue 29 point 3,
// docs/decisions/038-materials.md): what the API takes and answers, shared with the web app.
import { z } from 'zod';
import { codes } from './messages.ts';
import { pageOf } from './page.ts';

export const MATERIAL_KINDS = ['file', 'link'] as const;

/** What an upload may be, by its content: each family has its own size limit. */
export const MATERIAL_FAMILIES = ['document', 'image', 'audio'] as const;
export type MaterialFamily = (typeof MATERIAL_FAMILIES)[number];

const MIB = 1_048_576;
/** Documents (PDF, Office) and images 20 MB, audio 50 MB (docs/decisions/038). */
export const MATERIAL_MAX_BYTES: Record<MaterialFamily, number> = {
  document: 20 * MIB,
  image: 20 * MIB,
  audio: 50 * MIB,
};
export const MATERIAL_MAX_UPLOAD_BYTES = Math.max(...Object.values(MATERIAL_MAX_BYTES));

/** What the file picker offers (the server decides by content, whatever the name says). */
export const MATERIAL_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.gif,.mp3,.m4a,.mp4,.wav,.ogg,.oga,.docx,.xlsx,.pptx,.doc,.xls,.ppt';

export const MATERIAL_TITLE_MAX = 200;
export const MATERIAL_DESCRIPTION_MAX = 2000;
export const MATERIAL_URL_MAX = 2000;

/** An absolute http or https address with a host. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const title = z
  .string({ error: codes.VALIDATION })
  .trim()
  .min(1, codes.MATERIAL_TITLE_REQUIRED)
  .max(MATERIAL_TITLE_MAX, codes.VALIDATION);
const description = z
  .string({ error: codes.VALIDATION })
  .trim()
  .max(MATERIAL_DESCRIPTION_MAX, codes.VALIDATION)
  .nullish()
  .transform((text) => text || null);

export const materialLinkInput = z.object({
  title,
  url: z
    .string({ error: codes.MATERIAL_LINK_INVALID })
    .trim()
    .max(MATERIAL_URL_MAX, codes.MATERIAL_LINK_INVALID)
    .refine(isWebAddress, codes.MATERIAL_LINK_INVALID),
  description,
});
export type MaterialLinkInput = z.input<typeof materialLinkInput>;

/** The text fields that come with an uploaded file (multipart fields before the file). */
export const materialFileFields = z.object({
  title: title.optional(),
  description,
});

export const materialSchema = z.object({
  material_id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  /** The lesson it belongs to, or null: the whole class's. */
  schedule_id: z.string().nullable(),
  lesson_topic: z.string().nullable(),
  lesson_start_time: z.string().nullable(),
  kind: z.enum(MATERIAL_KINDS),
  title: z.string(),
  description: z.string().nullable(),
  /** A link's address; null for a file. */
  url: z.string().nullable(),
  file_name: z.string().nullable(),
  content_type: z.string().nullable(),
  size: z.number().nullable(),
  /** What opens it: the file's download address, or the link. */
  open_url: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  /** Whether the viewer may delete it (who attached it, admin, staff). */
  can_delete: z.boolean(),
});
export type MaterialDto = z.infer<typeof materialSchema>;

export const materialListSchema = z.object({ items: z.array(materialSchema) });
export type MaterialListDto = z.infer<typeof materialListSchema>;

export const LIBRARY_PAGE_SIZE = 20;
export const libraryPageSchema = pageOf(materialSchema).extend({
  /** The classes the viewer may filter by (theirs). */
  classes: z.array(z.object({ class_id: z.string(), class_name: z.string() })),
});
export type LibraryPageDto = z.infer<typeof libraryPageSchema>;
