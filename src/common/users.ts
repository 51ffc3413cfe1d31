// Accounts: what the API returns about users and what creating one takes.
import { z } from 'zod';
import { ROLES } from './constants.ts';
import {
  EMAIL_PATTERN,
  hasLookAlikeCharacters,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  normalizeEmail,
} from './fields.ts';
import { codes } from './messages.ts';
import { noticeSchema } from './notice.ts';
import { pageOf } from './page.ts';
import { normalizePhone } from './phone.ts';

export const userSchema = z.object({
  user_id: z.string(),
  auth_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(ROLES),
  username: z.string(),
  is_active: z.boolean(),
  avatar_url: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  /** The interface language the user chose; null until they choose. */
  language: z.enum(['vi', 'en']).nullable(),
});
export type UserDto = z.infer<typeof userSchema>;

export const userListSchema = pageOf(userSchema);
export type UserListDto = z.infer<typeof userListSchema>;

export const createdUserSchema = z.object({
  user: userSchema,
  /** The generated password, shown once to the creator. */
  password: z.string(),
  reactivated: z.boolean(),
  ...noticeSchema.shape,
});
export type CreatedUserDto = z.infer<typeof createdUserSchema>;

/** A person offered in a picker (a class's teacher, students to enrol). */
export const personOptionSchema = z.object({
  user_id: z.string(),
  full_name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});
export type PersonOptionDto = z.infer<typeof personOptionSchema>;

export const roleSchema = z.enum(ROLES, { error: codes.VALIDATION });

export const createUserInput = z.object({
  full_name: z
    .string({ error: codes.USER_FIELDS_REQUIRED })
    .trim()
    .min(1, codes.USER_FIELDS_REQUIRED)
    .max(MAX_NAME_LENGTH, codes.VALIDATION),
  email: z
    .string({ error: codes.USER_FIELDS_REQUIRED })
    .max(MAX_EMAIL_LENGTH, codes.USER_EMAIL_INVALID)
    .transform(normalizeEmail)
    .refine((email) => email.length > 0, codes.USER_FIELDS_REQUIRED)
    .refine((email) => !hasLookAlikeCharacters(email), codes.EMAIL_LOOK_ALIKE_CHARACTERS)
    .refine(
      (email) => email.length === 0 || hasLookAlikeCharacters(email) || EMAIL_PATTERN.test(email),
      codes.USER_EMAIL_INVALID,
    ),
  role: roleSchema,
});
export type CreateUserInput = z.infer<typeof createUserInput>;

/**
 * Corrections to a person's details (docs/decisions/026): each field optional, only what is sent
 * changes. A phone is stored normalised (+84…); an empty one clears it. A role is the admin's to
 * change.
 */
export const updateUserInput = z.object({
  full_name: createUserInput.shape.full_name.optional(),
  email: createUserInput.shape.email.optional(),
  phone: z
    .string({ error: codes.PHONE_INVALID })
    .max(40, codes.PHONE_INVALID)
    .nullable()
    .optional()
    .transform((text, context) => {
      if (text === undefined) return undefined;
      if (text === null || text.trim() === '') return null;
      const phone = normalizePhone(text);
      if (phone === null) {
        context.addIssue({ code: 'custom', message: codes.PHONE_INVALID });
        return z.NEVER;
      }
      return phone;
    }),
  role: roleSchema.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;
/** What the web app sends (a phone as typed; the server normalises it). */
export type UpdateUserBody = z.input<typeof updateUserInput>;

export const updatedUserSchema = z.object({ user: userSchema, ...noticeSchema.shape });
export type UpdatedUserDto = z.infer<typeof updatedUserSchema>;
