// Bulk import of accounts: the uploaded table, the mapped rows, each row's verdict and the result.
import { z } from 'zod';
import { codes } from './messages.ts';
import { noticeSchema } from './notice.ts';
import { roleSchema } from './users.ts';

export const IMPORT_VERDICTS = [
  'new',
  'reactivated',
  'already_active',
  'invalid_email',
  'missing_name',
  'duplicate_in_file',
  // A phone column was mapped and the row's number is not a Vietnamese one (src/common/phone.ts).
  'invalid_phone',
  // A student's row with a parent (issue 29, docs/decisions/036-parents.md): what is wrong with the
  // parent, the row is not imported.
  'parent_invalid_email',
  'parent_missing_name',
  'parent_invalid_phone',
  /** The parent's e-mail is an active account that is not a parent's (or the student's own). */
  'parent_email_taken',
  /** The student would have more than two parents. */
  'parent_limit',
] as const;
export type ImportVerdict = (typeof IMPORT_VERDICTS)[number];

export const importTableSchema = z.object({
  /** The file's first row. */
  headers: z.array(z.string()),
  /** Every other row, as text cells. */
  rows: z.array(z.array(z.string())),
});
export type ImportTableDto = z.infer<typeof importTableSchema>;

/** What a row does with its parent: a new account, one brought back, a link, or nothing new. */
export const IMPORT_PARENT_ACTIONS = ['new', 'reactivated', 'link', 'already_linked'] as const;
export type ImportParentAction = (typeof IMPORT_PARENT_ACTIONS)[number];
export const importParentSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  action: z.enum(IMPORT_PARENT_ACTIONS),
});

export const importPreviewSchema = z.object({
  rows: z.array(
    z.object({
      /** The row's number in the mapped list, from 1. */
      line: z.number(),
      full_name: z.string(),
      email: z.string(),
      /** As it will be stored (+84…), or as written when it is invalid; null without one. */
      phone: z.string().nullable(),
      verdict: z.enum(IMPORT_VERDICTS),
      /** A student's parent, when the row has one and it is valid. */
      parent: importParentSchema.nullable(),
    }),
  ),
  counts: z.record(z.enum(IMPORT_VERDICTS), z.number()),
});
export type ImportPreviewDto = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  created: z.number(),
  reactivated: z.number(),
  skipped: z.number(),
  enrolled: z.number(),
  /**
   * Parents' accounts made (or brought back), and links added between parents and students. An
   * import answered again from a result stored before parents existed has neither: 0.
   */
  parents_created: z.number().default(0),
  parents_linked: z.number().default(0),
  /** The first password of each new or reactivated account, shown once. */
  accounts: z.array(z.object({ full_name: z.string(), email: z.string(), password: z.string() })),
  ...noticeSchema.shape,
});
export type ImportResultDto = z.infer<typeof importResultSchema>;

/** The rows after the user mapped the file's columns. */
export const IMPORT_MAX_ROWS = 10_000;
export const importRowsInput = z.object({
  role: roleSchema,
  rows: z
    .array(
      z.object({
        // Loose here: each row gets its own verdict (invalid email, missing name) in the preview.
        full_name: z.string().max(1_000),
        email: z.string().max(1_000),
        /** When a phone column is mapped; an empty cell is no phone. */
        phone: z.string().max(1_000).optional(),
        /** A student's parent, when parent columns are mapped (students only). */
        parent_name: z.string().max(1_000).optional(),
        parent_email: z.string().max(1_000).optional(),
        parent_phone: z.string().max(1_000).optional(),
      }),
    )
    .min(1, codes.IMPORT_FILE_EMPTY)
    .max(IMPORT_MAX_ROWS, codes.IMPORT_TOO_MANY_ROWS),
  /** Enrol every imported student in this class in the same step. */
  class_id: z.uuid({ error: codes.NOT_FOUND }).nullish(),
});
export type ImportRowsInput = z.infer<typeof importRowsInput>;
