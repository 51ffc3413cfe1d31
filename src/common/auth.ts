// Signing in, the session and changing one's password.
import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, normalizeEmail } from './fields.ts';
import { codes } from './messages.ts';
import { passwordChangeProblem } from './password-rules.ts';
import { userSchema } from './users.ts';

export const sessionSchema = z.object({
  user: userSchema,
  mustChangePassword: z.boolean(),
  /** The center's time zone: dates and times are shown and typed in it. */
  centerTimezone: z.string(),
});
export type SessionDto = z.infer<typeof sessionSchema>;

export const loginInput = z.object({
  email: z
    .string({ error: codes.LOGIN_INVALID_EMAIL })
    .max(MAX_EMAIL_LENGTH, codes.LOGIN_INVALID_EMAIL)
    .transform(normalizeEmail)
    .refine((email) => email.includes('@'), codes.LOGIN_INVALID_EMAIL),
  password: z
    .string({ error: codes.LOGIN_FAILED })
    .min(1, codes.LOGIN_FAILED)
    .max(MAX_PASSWORD_LENGTH, codes.LOGIN_FAILED),
});
export type LoginInput = z.infer<typeof loginInput>;

const newPasswordFields = {
  newPassword: z
    .string({ error: codes.PASSWORD_REQUIRED })
    .max(MAX_PASSWORD_LENGTH, codes.VALIDATION),
  confirmPassword: z
    .string({ error: codes.PASSWORD_REQUIRED })
    .max(MAX_PASSWORD_LENGTH, codes.VALIDATION),
};

function checkNewPassword(
  value: { newPassword: string; confirmPassword: string },
  ctx: z.core.$RefinementCtx,
) {
  const problem = passwordChangeProblem(value.newPassword, value.confirmPassword);
  if (problem) {
    const field = problem === codes.PASSWORD_MISMATCH ? 'confirmPassword' : 'newPassword';
    ctx.addIssue({ code: 'custom', message: problem, path: [field] });
  }
}

/** What the server takes: the current password is asked unless a first password is replaced. */
export const changePasswordInput = z
  .object({
    currentPassword: z.string().max(MAX_PASSWORD_LENGTH, codes.VALIDATION).optional(),
    ...newPasswordFields,
  })
  .superRefine(checkNewPassword);
/** The profile dialog's form: the current password given. */
export const changeOwnPasswordInput = z
  .object({
    currentPassword: z
      .string({ error: codes.CURRENT_PASSWORD_REQUIRED })
      .min(1, codes.CURRENT_PASSWORD_REQUIRED)
      .max(MAX_PASSWORD_LENGTH, codes.VALIDATION),
    ...newPasswordFields,
  })
  .superRefine(checkNewPassword);
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
