// The center's settings: its name and logo, and the choices of the Settings cards (issue 26):
// the language new accounts start in, how long a first password is good for, whether staff may
// export lists, whether the chat panel shows. None is a secret: everyone reads them (the login
// page its name and logo, the layout the chat panel, the pages whether staff export).
import { z } from 'zod';
import { MAX_NAME_LENGTH } from './fields.ts';
import { codes } from './messages.ts';

/** Bounds of a first password's lifetime, in hours (a month at most). */
export const FIRST_PASSWORD_HOURS = { min: 1, max: 720, default: 72 } as const;

/** How long a make-up credit lasts after the missed lesson, in days (docs/decisions/032). */
export const MAKEUP_CREDIT_DAYS = { min: 1, max: 365, default: 60 } as const;

export const centerSettingsSchema = z.object({
  id: z.string(),
  center_name: z.string(),
  logo_url: z.string().nullable(),
  updated_at: z.string(),
  /** null: a new account starts in its browser's language. */
  new_user_language: z.enum(['vi', 'en']).nullable(),
  first_password_hours: z.number().int(),
  staff_may_export: z.boolean(),
  chat_panel_shown: z.boolean(),
  /** Make-up lessons (docs/decisions/032): a credit's life in days, whether students book. */
  makeup_credit_days: z.number().int(),
  students_book_makeups: z.boolean(),
});
export type CenterSettingsDto = z.infer<typeof centerSettingsSchema>;

export const centerSettingsInput = z.object({
  center_name: z
    .string({ error: codes.CENTER_NAME_REQUIRED })
    .trim()
    .min(1, codes.CENTER_NAME_REQUIRED)
    .max(MAX_NAME_LENGTH, codes.VALIDATION),
});
export type CenterSettingsInput = z.infer<typeof centerSettingsInput>;

/** The cards' choices: any of them, at least one. */
export const centerOptionsInput = z
  .object({
    new_user_language: z.enum(['vi', 'en'], { error: codes.VALIDATION }).nullable().optional(),
    first_password_hours: z
      .number({ error: codes.FIRST_PASSWORD_HOURS_RANGE })
      .int(codes.FIRST_PASSWORD_HOURS_RANGE)
      .min(FIRST_PASSWORD_HOURS.min, codes.FIRST_PASSWORD_HOURS_RANGE)
      .max(FIRST_PASSWORD_HOURS.max, codes.FIRST_PASSWORD_HOURS_RANGE)
      .optional(),
    staff_may_export: z.boolean({ error: codes.VALIDATION }).optional(),
    chat_panel_shown: z.boolean({ error: codes.VALIDATION }).optional(),
    makeup_credit_days: z
      .number({ error: codes.MAKEUP_CREDIT_DAYS_RANGE })
      .int(codes.MAKEUP_CREDIT_DAYS_RANGE)
      .min(MAKEUP_CREDIT_DAYS.min, codes.MAKEUP_CREDIT_DAYS_RANGE)
      .max(MAKEUP_CREDIT_DAYS.max, codes.MAKEUP_CREDIT_DAYS_RANGE)
      .optional(),
    students_book_makeups: z.boolean({ error: codes.VALIDATION }).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, codes.VALIDATION);
export type CenterOptionsInput = z.infer<typeof centerOptionsInput>;
