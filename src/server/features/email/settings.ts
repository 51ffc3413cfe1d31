// Settings → Notifications (docs/decisions/039-email.md): the SMTP connection and the center's
// default per e-mailable type, one row of email_settings. The password is sealed by the server's
// secret box (as the video provider's secrets, docs/decisions/024) and never leaves the server.
// Every reader reads the row when it needs it (the job at each run, a test message, a
// notification stored), so a change is used by every process at once, without a restart.
import type { Selectable } from 'kysely';
import {
  DEFAULT_EMAIL_DEFAULTS,
  EMAIL_NOTIFICATION_TYPES,
  type EmailNotificationType,
  type EmailSettingsDto,
  type EmailSettingsInput,
  type SmtpSecurity,
} from '#common/email.ts';
import type { AppContext } from '#server/context.ts';
import type { EmailSettingsTable } from '#server/db/schema.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { openSecretBox, type SecretBox, SecretUnreadable } from '#server/lib/secret-box.ts';

const ROW_ID = 'smtp';
const PASSWORD_SEAL = 'email.smtp_password';

const boxes = new WeakMap<AppContext, SecretBox>();
function boxOf(ctx: AppContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) {
    box = openSecretBox({ key: ctx.config.secretsKey, dataDir: ctx.config.dataDir });
    boxes.set(ctx, box);
  }
  return box;
}

export interface SmtpConnection {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string | null;
  password: string | null;
  fromAddress: string;
  fromName: string;
}

export interface EmailSettings {
  /** Set: e-mails are sent through it. */
  smtp: SmtpConnection | undefined;
  defaults: Record<EmailNotificationType, boolean>;
  row: Selectable<EmailSettingsTable>;
  passwordUnreadable: boolean;
}

function defaultsOf(text: string): Record<EmailNotificationType, boolean> {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = {};
  }
  const defaults = { ...DEFAULT_EMAIL_DEFAULTS };
  for (const type of EMAIL_NOTIFICATION_TYPES) {
    if (typeof parsed[type] === 'boolean') defaults[type] = parsed[type];
  }
  return defaults;
}

export async function readEmailSettings(ctx: AppContext): Promise<EmailSettings> {
  const row = await ctx.database.db
    .selectFrom('email_settings')
    .selectAll()
    .where('id', '=', ROW_ID)
    .executeTakeFirstOrThrow();
  let password: string | null = null;
  let passwordUnreadable = false;
  if (row.sealed_password) {
    try {
      password = boxOf(ctx).open(PASSWORD_SEAL, row.sealed_password);
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      passwordUnreadable = true;
    }
  }
  const smtp =
    row.host && row.from_address
      ? {
          host: row.host,
          port: Number(row.port),
          security: row.security,
          username: row.username,
          password,
          fromAddress: row.from_address,
          fromName: row.from_name ?? '',
        }
      : undefined;
  return { smtp, defaults: defaultsOf(row.email_defaults), row, passwordUnreadable };
}

export function describeEmailSettings(settings: EmailSettings): EmailSettingsDto {
  const { row } = settings;
  return {
    host: row.host,
    port: Number(row.port),
    security: row.security,
    username: row.username,
    password_set: row.sealed_password !== null,
    password_unreadable: settings.passwordUnreadable,
    from_address: row.from_address,
    from_name: row.from_name,
    configured: settings.smtp !== undefined,
    email_defaults: settings.defaults,
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function writeEmailSettings(
  ctx: AppContext,
  input: EmailSettingsInput,
  userId: string,
): Promise<void> {
  const current = await readEmailSettings(ctx);
  const sealed =
    input.password === undefined
      ? current.row.sealed_password
      : input.password === null || input.password === ''
        ? null
        : boxOf(ctx).seal(PASSWORD_SEAL, input.password);
  const values = {
    host: input.host || null,
    port: input.port ?? (input.security === 'tls' ? 465 : 587),
    security: input.security,
    username: input.username || null,
    sealed_password: sealed,
    from_address: input.from_address || null,
    from_name: input.from_name || null,
    email_defaults: JSON.stringify({ ...current.defaults, ...input.email_defaults }),
  };
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_settings')
      .set({ ...values, updated_at: ctx.clock.now().toISOString(), updated_by: userId })
      .where('id', '=', ROW_ID)
      .execute();
    // The password (sealed) only as changed: isSecretField catches 'sealed_password'.
    await recordAudit(trx, {
      action: 'email-settings.update',
      recordType: 'settings',
      recordId: 'email',
      before: current.row,
      after: values,
      only: Object.keys(values),
    });
  });
}
