// The outbox (docs/decisions/039-email.md): a notification of an e-mailable type stored for a
// person who wants it by e-mail (their choice, else the center's default), while SMTP is set, gets
// ONE message row, written in the same transaction as the notification (notification_id is
// unique: never two messages for one notification). The message is written when it is queued,
// in the recipient's language; the job (job.ts) sends it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_EMAIL_DEFAULTS, isEmailNotificationType } from '#common/email.ts';
import type { AppContext } from '#server/context.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { publicUrl } from '#server/lib/public-origin.ts';
import { notificationMail } from './mail-texts.ts';

export interface StoredNotification {
  notification_id: string;
  user_id: string;
  type: string;
  params: string;
  schedule_id: string | null;
  class_id: string | null;
}

/** Where a message links back to: the product's own address, on the page that shows the matter. */
export function productUrl(ctx: AppContext, path: string): string {
  return publicUrl(ctx, path);
}

/** The page that shows the matter: the invoices, the lesson reports, a child's page, or the day's lessons. */
function pathOf(type: string): string {
  if (type.startsWith('invoice_')) return '/tuition';
  if (type === 'lesson_report') return '/lesson-reports';
  if (type === 'child_absent') return '/children';
  if (type === 'backup_failed') return '/settings';
  return '/dashboard';
}

async function centerNameOf(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('center_settings')
    .select('center_name')
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirst();
  return row?.center_name ?? '';
}

/** Queues the e-mails of notifications just stored; returns how many messages were queued. */
export async function enqueueNotificationEmails(
  ctx: AppContext,
  db: Kysely<Database>,
  stored: readonly StoredNotification[],
): Promise<number> {
  const mailable = stored.filter((row) => isEmailNotificationType(row.type));
  if (mailable.length === 0) return 0;
  const settings = await db
    .selectFrom('email_settings')
    .select(['host', 'from_address', 'email_defaults'])
    .where('id', '=', 'smtp')
    .executeTakeFirst();
  if (!settings?.host || !settings.from_address) return 0;
  let defaults: Record<string, unknown> = {};
  try {
    defaults = JSON.parse(settings.email_defaults) as Record<string, unknown>;
  } catch {}
  const userIds = [...new Set(mailable.map((row) => row.user_id))];
  const [users, preferences, centerName] = await Promise.all([
    db
      .selectFrom('users')
      .select(['user_id', 'email', 'full_name', 'language', 'is_active'])
      .where('user_id', 'in', userIds)
      .execute(),
    db
      .selectFrom('email_preferences')
      .select(['user_id', 'type', 'enabled'])
      .where('user_id', 'in', userIds)
      .execute(),
    centerNameOf(db),
  ]);
  const userById = new Map(users.map((user) => [user.user_id, user]));
  const own = new Map(preferences.map((p) => [`${p.user_id}|${p.type}`, toBool(p.enabled)]));
  const now = ctx.clock.now().toISOString();
  const rows = [];
  for (const notification of mailable) {
    const type = notification.type;
    if (!isEmailNotificationType(type)) continue;
    const user = userById.get(notification.user_id);
    if (!user || !toBool(user.is_active) || !user.email.includes('@')) continue;
    const centerDefault =
      typeof defaults[type] === 'boolean'
        ? (defaults[type] as boolean)
        : DEFAULT_EMAIL_DEFAULTS[type];
    if (!(own.get(`${user.user_id}|${type}`) ?? centerDefault)) continue;
    let params: Record<string, string> = {};
    try {
      params = JSON.parse(notification.params) as Record<string, string>;
    } catch {}
    const mail = notificationMail(user.language ?? 'vi', type, params, {
      name: user.full_name,
      centerName,
      url: productUrl(ctx, pathOf(type)),
      timeZone: ctx.config.centerTimezone,
    });
    rows.push({
      message_id: randomUUID(),
      kind: 'notification' as const,
      notification_id: notification.notification_id,
      user_id: user.user_id,
      to_address: user.email,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      state: 'pending' as const,
      attempts: 0,
      due_at: now,
      claimed_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    });
  }
  if (rows.length === 0) return 0;
  const added = await db
    .insertInto('email_outbox')
    .values(rows)
    .onConflict((oc) => oc.column('notification_id').doNothing())
    .returning('message_id')
    .execute();
  return added.length;
}

/** Queues one message that belongs to no notification (a password reset link). */
export async function enqueueMail(
  ctx: AppContext,
  mail: {
    kind: 'password_reset';
    userId: string | null;
    to: string;
    subject: string;
    text: string;
    html: string;
  },
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await ctx.database.db
    .insertInto('email_outbox')
    .values({
      message_id: randomUUID(),
      kind: mail.kind,
      notification_id: null,
      user_id: mail.userId,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      state: 'pending',
      attempts: 0,
      due_at: now,
      claimed_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}

export { centerNameOf };
