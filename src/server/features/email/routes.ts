// Settings → Notifications (admin) and each person's e-mail choices (docs/decisions/039-email.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_NOTIFICATION_TYPES,
  emailPreferencesInput,
  emailPreferencesSchema,
  emailSettingsInput,
  emailSettingsSchema,
  type TestEmailReply,
  testEmailInput,
  testEmailReply,
} from '#common/email.ts';
import { noticeShape } from '#common/notice.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { toBool } from '#server/db/schema.ts';
import { currentUser, userWithPermission } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { composeMail, mailText } from './mail-texts.ts';
import { centerNameOf, productUrl } from './outbox.ts';
import { describeSmtpError, sendMail } from './sender.ts';
import { describeEmailSettings, readEmailSettings, writeEmailSettings } from './settings.ts';

const savedSettingsReply = emailSettingsSchema.extend(noticeShape);

export const emailRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    app.get(
      '/email/settings',
      {
        schema: {
          tags: ['email'],
          summary:
            'The SMTP connection (its password only as set or not) and the e-mail defaults (admin)',
          response: { 200: emailSettingsSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        return describeEmailSettings(await readEmailSettings(ctx));
      },
    );

    app.put(
      '/email/settings',
      {
        schema: {
          tags: ['email'],
          summary:
            'Save the SMTP connection and the e-mail defaults (password: a string replaces, null clears, absent keeps) (admin)',
          body: emailSettingsInput,
          response: { 200: savedSettingsReply, ...errorReplies },
        },
      },
      async (request) => {
        const user = userWithPermission(request, 'manage_all');
        await writeEmailSettings(ctx, request.body, user.user_id);
        return {
          ...describeEmailSettings(await readEmailSettings(ctx)),
          code: 'EMAIL_SETTINGS_SAVED' as const,
        };
      },
    );

    app.post(
      '/email/test',
      {
        schema: {
          tags: ['email'],
          summary:
            "Send a test message now (to the address given, else the admin's) and say whether it left or why not (admin)",
          body: testEmailInput,
          response: { 200: testEmailReply, ...errorReplies },
        },
      },
      async (request): Promise<TestEmailReply> => {
        const user = userWithPermission(request, 'manage_all');
        const settings = await readEmailSettings(ctx);
        if (!settings.smtp) return { ok: false, code: 'EMAIL_NOT_CONFIGURED', params: {} };
        const to = request.body.to ?? user.email;
        const language = user.language ?? 'vi';
        const center = { center: await centerNameOf(db) };
        const mail = composeMail({
          subject: mailText(language, 'test.subject', center),
          greeting: mailText(language, 'greeting', { name: user.full_name }),
          lines: [mailText(language, 'test.body', center)],
          link: { label: mailText(language, 'open', center), url: productUrl(ctx, '/settings') },
          footer: mailText(language, 'accountFooter', center),
          centerName: center.center,
        });
        try {
          await sendMail(settings.smtp, { to, ...mail });
          return { ok: true, code: 'EMAIL_TEST_SENT', params: { to } };
        } catch (error) {
          return { ok: false, ...describeSmtpError(error, settings.smtp) };
        }
      },
    );

    const preferencesOf = async (userId: string) => {
      const settings = await readEmailSettings(ctx);
      const rows = await db
        .selectFrom('email_preferences')
        .select(['type', 'enabled'])
        .where('user_id', '=', userId)
        .execute();
      const own = new Map(rows.map((row) => [row.type, toBool(row.enabled)]));
      return {
        available: settings.smtp !== undefined,
        items: EMAIL_NOTIFICATION_TYPES.map((type) => {
          const chosen = own.get(type);
          return {
            type,
            enabled: chosen ?? settings.defaults[type],
            own: chosen ?? null,
            center_default: settings.defaults[type],
          };
        }),
      };
    };

    app.get(
      '/profile/email-preferences',
      {
        schema: {
          tags: ['profile'],
          summary:
            'Which notifications also come by e-mail to me: my choice, else the center default',
          response: { 200: emailPreferencesSchema, ...errorReplies },
        },
      },
      async (request) => preferencesOf(currentUser(request).user_id),
    );

    app.put(
      '/profile/email-preferences',
      {
        schema: {
          tags: ['profile'],
          summary: 'Choose per type whether it comes by e-mail (null: follow the center default)',
          body: emailPreferencesInput,
          response: { 200: emailPreferencesSchema.extend(noticeShape), ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const before = await preferencesOf(user.user_id);
        const given = Object.entries(request.body.preferences).filter(
          ([, enabled]) => enabled !== undefined,
        );
        await db.transaction().execute(async (trx) => {
          for (const [type, enabled] of given) {
            await trx
              .deleteFrom('email_preferences')
              .where('user_id', '=', user.user_id)
              .where('type', '=', type)
              .execute();
            if (enabled !== null && enabled !== undefined) {
              await trx
                .insertInto('email_preferences')
                .values({ user_id: user.user_id, type, enabled })
                .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ enabled }))
                .execute();
            }
          }
          const own = Object.fromEntries(before.items.map((item) => [item.type, item.own]));
          await recordAudit(trx, {
            action: 'email-preferences.update',
            recordType: 'user',
            recordId: user.user_id,
            before: own,
            after: { ...own, ...Object.fromEntries(given) },
          });
        });
        return { ...(await preferencesOf(user.user_id)), code: 'EMAIL_PREFERENCES_SAVED' as const };
      },
    );
  };
