// E-mail (issue 29 point 4, docs/decisions/039-email.md): the SMTP connection the admin sets in
// Settings → Notifications, which notification types may also go by e-mail, and each person's
// choice per type. The ONE list of e-mailable types is here; server and web import it.
import { z } from 'zod';
import { EMAIL_PATTERN, hasLookAlikeCharacters, MAX_PASSWORD_LENGTH } from './fields.ts';
import { codes } from './messages.ts';
import type { NotificationType } from './notifications.ts';
import { passwordChangeProblem } from './password-rules.ts';

/**
 * The notification types that can also go by e-mail (issue 29 point 4): reminders, lessons moved
 * or cancelled, lesson reports, a child's absence (to parents), invoices issued and overdue.
 */
export const EMAIL_NOTIFICATION_TYPES = [
  'lesson_starting_soon',
  'lesson_rescheduled',
  'lesson_cancelled_with_reason',
  'lesson_moved',
  'lesson_cancelled',
  'lesson_report',
  'child_absent',
  'invoice_issued',
  'invoice_overdue',
  'backup_failed',
] as const satisfies readonly NotificationType[];
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number];

export const isEmailNotificationType = (type: string): type is EmailNotificationType =>
  (EMAIL_NOTIFICATION_TYPES as readonly string[]).includes(type);

/** A new center's default: every e-mailable type goes by e-mail (once SMTP is set). */
export const DEFAULT_EMAIL_DEFAULTS: Record<EmailNotificationType, boolean> = Object.fromEntries(
  EMAIL_NOTIFICATION_TYPES.map((type) => [type, true]),
) as Record<EmailNotificationType, boolean>;

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

const emailDefaultsSchema = z.object(
  Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<
    EmailNotificationType,
    z.ZodBoolean
  >,
);

/** Settings → Notifications as the server answers it: the password never, only whether it is set. */
export const emailSettingsSchema = z.object({
  host: z.string().nullable(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  username: z.string().nullable(),
  password_set: z.boolean(),
  /** Set, but sealed under another key than this server's: to be typed again. */
  password_unreadable: z.boolean(),
  from_address: z.string().nullable(),
  from_name: z.string().nullable(),
  /** Host and sender set: e-mails are sent. */
  configured: z.boolean(),
  email_defaults: emailDefaultsSchema,
  updated_at: z.string().nullable(),
});
export type EmailSettingsDto = z.infer<typeof emailSettingsSchema>;

const emailAddress = z
  .string({ error: codes.EMAIL_ADDRESS_INVALID })
  .trim()
  .max(254, codes.EMAIL_ADDRESS_INVALID)
  .refine((email) => !hasLookAlikeCharacters(email), codes.EMAIL_LOOK_ALIKE_CHARACTERS)
  .refine(
    (email) => hasLookAlikeCharacters(email) || EMAIL_PATTERN.test(email),
    codes.EMAIL_ADDRESS_INVALID,
  );

/**
 * What the admin saves. An empty host clears the connection (e-mails stop). No port: the usual one
 * of the security chosen (465 for TLS, 587 otherwise). The password: a string replaces it, null
 * clears it, absent keeps it.
 */
export const emailSettingsInput = z
  .object({
    host: z
      .string()
      .trim()
      .max(253, codes.SMTP_HOST_INVALID)
      .regex(/^[A-Za-z0-9.:[\]-]*$/, codes.SMTP_HOST_INVALID),
    port: z
      .number({ error: codes.SMTP_PORT_INVALID })
      .int(codes.SMTP_PORT_INVALID)
      .min(1, codes.SMTP_PORT_INVALID)
      .max(65535, codes.SMTP_PORT_INVALID)
      .optional(),
    security: z.enum(SMTP_SECURITY, { error: codes.SMTP_SECURITY_INVALID }),
    username: z.string().trim().max(254, codes.VALIDATION).nullable(),
    password: z.string().max(1024, codes.VALIDATION).nullable().optional(),
    from_address: z.union([emailAddress, z.literal('')]),
    from_name: z.string().trim().max(120, codes.VALIDATION),
    email_defaults: emailDefaultsSchema.partial().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.host && !value.from_address) {
      ctx.addIssue({
        code: 'custom',
        message: codes.EMAIL_ADDRESS_INVALID,
        path: ['from_address'],
      });
    }
  });
export type EmailSettingsInput = z.infer<typeof emailSettingsInput>;

export const testEmailInput = z.object({ to: emailAddress.optional() });

/** A test message's outcome: sent, or the SMTP server's refusal in words (a code and values). */
export const testEmailReply = z.object({
  ok: z.boolean(),
  code: z.enum([
    'EMAIL_TEST_SENT',
    'EMAIL_NOT_CONFIGURED',
    'SMTP_CONNECTION_FAILED',
    'SMTP_AUTH_FAILED',
    'SMTP_TIMEOUT',
    'SMTP_TLS_FAILED',
    'SMTP_REFUSED',
  ]),
  params: z.record(z.string(), z.string()),
});
export type TestEmailReply = z.infer<typeof testEmailReply>;

/** A person's e-mail choices: per type on or off; `own` null follows the center's default. */
export const emailPreferencesSchema = z.object({
  /** SMTP is set: e-mails go out. */
  available: z.boolean(),
  items: z.array(
    z.object({
      type: z.enum(EMAIL_NOTIFICATION_TYPES),
      enabled: z.boolean(),
      own: z.boolean().nullable(),
      center_default: z.boolean(),
    }),
  ),
});
export type EmailPreferencesDto = z.infer<typeof emailPreferencesSchema>;

export const emailPreferencesInput = z.object({
  preferences: z
    .object(
      Object.fromEntries(
        EMAIL_NOTIFICATION_TYPES.map((type) => [type, z.boolean().nullable()]),
      ) as Record<EmailNotificationType, z.ZodNullable<z.ZodBoolean>>,
    )
    .partial()
    .strict(),
});

// 'Quên mật khẩu?' (issue 29 point 5, docs/decisions/040-password-reset.md)
/** A reset link is good this long, and once. */
export const PASSWORD_RESET_MINUTES = 30;

export const passwordResetAvailability = z.object({ email_configured: z.boolean() });

export const forgotPasswordInput = z.object({
  email: z
    .string({ error: codes.EMAIL_ADDRESS_INVALID })
    .trim()
    .toLowerCase()
    .max(254, codes.EMAIL_ADDRESS_INVALID)
    .refine((email) => !hasLookAlikeCharacters(email), codes.EMAIL_LOOK_ALIKE_CHARACTERS)
    .refine((email) => email.includes('@'), codes.EMAIL_ADDRESS_INVALID),
});

/** The same reply whether or not the address has an account (no enumeration). */
export const forgotPasswordReply = z.object({
  code: z.enum(['PASSWORD_RESET_SENT', 'PASSWORD_RESET_ASK_STAFF']),
});

/** The new password from a reset link: the product's password rules (common/password-rules.ts). */
export const resetPasswordInput = z
  .object({
    token: z.string({ error: codes.PASSWORD_RESET_INVALID }).max(200, codes.PASSWORD_RESET_INVALID),
    newPassword: z
      .string({ error: codes.PASSWORD_REQUIRED })
      .max(MAX_PASSWORD_LENGTH, codes.VALIDATION),
    confirmPassword: z
      .string({ error: codes.PASSWORD_REQUIRED })
      .max(MAX_PASSWORD_LENGTH, codes.VALIDATION),
  })
  .superRefine((value, ctx) => {
    const problem = passwordChangeProblem(value.newPassword, value.confirmPassword);
    if (problem) {
      const field = problem === codes.PASSWORD_MISMATCH ? 'confirmPassword' : 'newPassword';
      ctx.addIssue({ code: 'custom', message: problem, path: [field] });
    }
  });
