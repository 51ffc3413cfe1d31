// The center's name and logo (product.md §2 Settings, center settings dialog) and the choices of
// the Settings cards (issue 26). Reading is public: the login page shows the name and logo, the
// layout follows the chat panel's choice.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centerOptionsInput, centerSettingsInput, centerSettingsSchema } from '#common/center.ts';
import { EVENT } from '#common/events.ts';
import { noticeSchema } from '#common/notice.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  readImageUpload,
} from '#server/features/files/index.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { readCenterSettings, toCenterSettingsDto } from './read-center-settings.ts';

const updatedReply = noticeSchema.extend({ settings: centerSettingsSchema });

export const centerSettingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const read = () => readCenterSettings(db);

    const update = async (values: {
      center_name?: string;
      logo_url?: string;
      new_user_language?: 'vi' | 'en' | null;
      first_password_hours?: number;
      staff_may_export?: boolean;
      chat_panel_shown?: boolean;
      makeup_credit_days?: number;
      students_book_makeups?: boolean;
    }) => {
      const current = await read();
      const row = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('center_settings')
          .set({ ...values, updated_at: ctx.clock.now().toISOString() })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          action: 'settings.update',
          recordType: 'settings',
          recordId: 'center',
          before: current as unknown as Record<string, unknown>,
          after: values,
          only: Object.keys(values),
        });
        return updated;
      });
      const settings = toCenterSettingsDto(row);
      await ctx.events.publish({ type: EVENT.centerSettings, data: settings });
      return { settings, previous: current };
    };

    app.get(
      '/center-settings',
      {
        config: { public: true },
        schema: {
          tags: ['settings'],
          summary: "The center's name, logo and the Settings cards' choices (public)",
          response: { 200: centerSettingsSchema },
        },
      },
      async () => read(),
    );

    app.patch(
      '/center-settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'Rename the center (admin)',
          body: centerSettingsInput,
          response: { 200: updatedReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { settings } = await update({ center_name: request.body.center_name });
        return { settings, code: 'CENTER_UPDATED' as const };
      },
    );

    app.patch(
      '/center-settings/options',
      {
        schema: {
          tags: ['settings'],
          summary:
            "The Settings cards' choices (admin): new accounts' language, first password lifetime, staff exports, chat panel, make-up credits' life and whether students book them",
          body: centerOptionsInput,
          response: { 200: updatedReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { settings } = await update(request.body);
        return { settings, code: 'CENTER_OPTIONS_SAVED' as const };
      },
    );

    app.post(
      '/center-settings/logo',
      {
        schema: {
          tags: ['settings'],
          summary:
            'Upload the center logo (admin; an image of at most 5 MB), multipart field "file"',
          consumes: ['multipart/form-data'],
          response: { 200: updatedReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { bytes, type } = await readImageUpload(request, {
          allowed: ['jpeg', 'png', 'webp', 'gif'],
          invalidType: 'LOGO_INVALID',
          tooLarge: 'LOGO_TOO_LARGE',
        });
        const timestamp = ctx.clock.now().getTime();
        const url = await ctx.files.save(
          `logos/logo-${timestamp}.${IMAGE_EXTENSIONS[type]}`,
          bytes,
          IMAGE_CONTENT_TYPES[type],
        );
        const { settings, previous } = await update({ logo_url: url });
        if (previous.logo_url !== url) await ctx.files.remove(previous.logo_url);
        return { settings, code: 'CENTER_UPDATED' as const };
      },
    );
  };
