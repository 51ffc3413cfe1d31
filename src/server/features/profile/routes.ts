// The signed-in user's own profile: full name and avatar.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT } from '#common/events.ts';
import { noticeSchema } from '#common/notice.ts';
import { updateProfileInput } from '#common/profile.ts';
import { errorReplies } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { searchName } from '#server/db/search.ts';
import { currentUser } from '#server/features/auth/index.ts';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  readImageUpload,
} from '#server/features/files/index.ts';
import { toUserDto, USER_COLUMNS, userSchema } from '#server/features/users/index.ts';
import { recordAudit } from '#server/lib/audit.ts';

const profileReply = noticeSchema.extend({ user: userSchema });

export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;

    const updateOwn = async (
      userId: string,
      values: {
        full_name?: string;
        search_name?: string;
        avatar_url?: string;
        language?: 'vi' | 'en';
      },
    ) => {
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('users')
          .select(['full_name', 'avatar_url', 'language'])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        const after = await trx
          .updateTable('users')
          .set({ ...values, updated_at: ctx.clock.now().toISOString() })
          .where('user_id', '=', userId)
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          action: 'user.profile',
          recordType: 'user',
          recordId: userId,
          before,
          after: { ...before, ...values },
          only: ['full_name', 'avatar_url', 'language'],
        });
        return after;
      });
      // Names and avatars appear in other people's pages (a teacher on every lesson card): the
      // answers that show them are dropped, in every process.
      await ctx.events.publish({ type: EVENT.users, data: { role: row.role } });
      return row;
    };

    app.patch(
      '/profile',
      {
        schema: {
          tags: ['profile'],
          summary: 'Update own full name',
          body: updateProfileInput,
          response: { 200: profileReply, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { full_name } = request.body;
        const row = await updateOwn(user.user_id, {
          full_name,
          search_name: searchName(full_name),
        });
        return { user: toUserDto(row), code: 'PROFILE_UPDATED' as const };
      },
    );

    app.put(
      '/profile/language',
      {
        schema: {
          tags: ['profile'],
          summary: "Choose own interface language ('vi' or 'en'), kept on the server",
          body: z.object({ language: z.enum(['vi', 'en']) }),
          response: { 200: profileReply, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const row = await updateOwn(user.user_id, { language: request.body.language });
        return { user: toUserDto(row), code: 'LANGUAGE_SAVED' as const };
      },
    );

    app.post(
      '/profile/avatar',
      {
        schema: {
          tags: ['profile'],
          summary:
            'Upload own avatar (JPEG, PNG or WebP by content, at most 5 MB), multipart field "file"',
          consumes: ['multipart/form-data'],
          response: { 200: profileReply, ...errorReplies },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { bytes, type } = await readImageUpload(request, {
          allowed: ['jpeg', 'png', 'webp'],
          invalidType: 'AVATAR_TYPE',
          tooLarge: 'AVATAR_SIZE',
        });
        const timestamp = ctx.clock.now().getTime();
        const url = await ctx.files.save(
          `avatars/${user.auth_id}/avatar-${timestamp}.${IMAGE_EXTENSIONS[type]}`,
          bytes,
          IMAGE_CONTENT_TYPES[type],
        );
        const row = await updateOwn(user.user_id, { avatar_url: url });
        if (user.avatar_url !== url) await ctx.files.remove(user.avatar_url);
        return { user: toUserDto(row), code: 'AVATAR_UPDATED' as const };
      },
    );
  };
