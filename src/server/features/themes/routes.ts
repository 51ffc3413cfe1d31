// Colour themes (product.md §2 theme manager, §5 rules). Reading the active theme is public: the
// login page is drawn in it. Managing themes is for admins.

import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type ThemeDto, themeSchema } from '#common/dto.ts';
import { EVENT } from '#common/events.ts';
import { createThemeInput, updateThemeInput } from '#common/schemas.ts';
import { DEFAULT_THEME_COLORS } from '#common/theme-defaults.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import type { Dialect } from '#server/db/connection.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { forUpdate } from '#server/db/locking.ts';
import { type Database, type ThemeSettingsTable, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { userWithPermission } from '#server/features/auth/guards.ts';

const ACTIVE_THEME_KEY = 'active_theme_id';

type ThemeRow = Omit<ThemeSettingsTable, 'is_default'> & { is_default: boolean | number };

function toThemeDto(row: ThemeRow, activeThemeId: string | undefined): ThemeDto {
  return { ...row, is_default: toBool(row.is_default), is_active: row.theme_id === activeThemeId };
}

/**
 * The active theme's id. Inside a transaction that deletes or applies a theme, pass `lock`
 * with the dialect: both lock this one setting row first, so they cannot interleave.
 */
async function activeThemeId(db: Kysely<Database>, lock?: Dialect): Promise<string | undefined> {
  const query = db
    .selectFrom('app_settings')
    .select('setting_value')
    .where('setting_key', '=', ACTIVE_THEME_KEY);
  const row = await (lock ? forUpdate(query, lock) : query).executeTakeFirst();
  return row?.setting_value;
}

export const themeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const nameTaken = () => new AppError('THEME_NAME_EXISTS', { field: 'theme_name' });

    const findTheme = async (themeId: string) => {
      const row = await db
        .selectFrom('theme_settings')
        .selectAll()
        .where('theme_id', '=', themeId)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      return row;
    };

    const assertNameFree = async (name: string, exceptThemeId?: string) => {
      let query = db
        .selectFrom('theme_settings')
        .select('theme_id')
        .where((eb) => eb(eb.fn('lower', ['theme_name']), '=', name.toLowerCase()));
      if (exceptThemeId) query = query.where('theme_id', '!=', exceptThemeId);
      if (await query.executeTakeFirst()) throw nameTaken();
    };

    const announce = async () => {
      await ctx.events.publish({ type: EVENT.theme });
    };

    app.get(
      '/themes/active',
      {
        config: { public: true },
        schema: {
          tags: ['themes'],
          summary: 'The active theme (public)',
          response: { 200: themeSchema },
        },
      },
      async () => {
        const activeId = await activeThemeId(db);
        const row =
          (activeId &&
            (await db
              .selectFrom('theme_settings')
              .selectAll()
              .where('theme_id', '=', activeId)
              .executeTakeFirst())) ||
          (await db
            .selectFrom('theme_settings')
            .selectAll()
            .orderBy('is_default', 'desc')
            .orderBy('created_at')
            .executeTakeFirstOrThrow());
        return toThemeDto(row, row.theme_id);
      },
    );

    app.get(
      '/themes',
      {
        schema: {
          tags: ['themes'],
          summary: 'All themes, oldest first (admin)',
          response: { 200: z.object({ items: z.array(themeSchema) }), ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const [rows, activeId] = await Promise.all([
          db
            .selectFrom('theme_settings')
            .selectAll()
            .orderBy('created_at')
            .orderBy('theme_id')
            .execute(),
          activeThemeId(db),
        ]);
        return { items: rows.map((row) => toThemeDto(row, activeId)) };
      },
    );

    app.post(
      '/themes',
      {
        schema: {
          tags: ['themes'],
          summary: 'Create a theme (admin); colours not given start from the defaults',
          body: createThemeInput,
          response: { 201: themeSchema, ...errorReplies },
        },
      },
      async (request, reply) => {
        userWithPermission(request, 'manage_all');
        const { theme_name, description, ...colors } = request.body;
        await assertNameFree(theme_name);
        const nowIso = ctx.clock.now().toISOString();
        try {
          const row = await db
            .insertInto('theme_settings')
            .values({
              ...DEFAULT_THEME_COLORS,
              ...colors,
              theme_id: randomUUID(),
              theme_name,
              description: description ?? null,
              is_default: false,
              created_at: nowIso,
              updated_at: nowIso,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          reply.code(201);
          return toThemeDto(row, await activeThemeId(db));
        } catch (error) {
          if (isUniqueViolation(error)) throw nameTaken();
          throw error;
        }
      },
    );

    app.put(
      '/themes/:themeId',
      {
        schema: {
          tags: ['themes'],
          summary: 'Edit a theme (admin)',
          params: z.object({ themeId: idParam }),
          body: updateThemeInput,
          response: { 200: themeSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { themeId } = request.params;
        await findTheme(themeId);
        const { theme_name, description, ...colors } = request.body;
        await assertNameFree(theme_name, themeId);
        try {
          const row = await db
            .updateTable('theme_settings')
            .set({
              ...colors,
              theme_name,
              ...(description !== undefined ? { description } : {}),
              updated_at: ctx.clock.now().toISOString(),
            })
            .where('theme_id', '=', themeId)
            .returningAll()
            .executeTakeFirstOrThrow();
          const activeId = await activeThemeId(db);
          if (activeId === themeId) await announce();
          return toThemeDto(row, activeId);
        } catch (error) {
          if (isUniqueViolation(error)) throw nameTaken();
          throw error;
        }
      },
    );

    app.delete(
      '/themes/:themeId',
      {
        schema: {
          tags: ['themes'],
          summary: 'Delete a theme (admin); not the default one, not the active one',
          params: z.object({ themeId: idParam }),
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { themeId } = request.params;
        await db.transaction().execute(async (trx) => {
          const activeId = await activeThemeId(trx, ctx.database.dialect);
          const theme = await trx
            .selectFrom('theme_settings')
            .select(['theme_id', 'is_default'])
            .where('theme_id', '=', themeId)
            .executeTakeFirst();
          if (!theme) throw new AppError('NOT_FOUND');
          if (toBool(theme.is_default)) throw new AppError('THEME_DELETE_DEFAULT');
          if (activeId === themeId) throw new AppError('THEME_DELETE_ACTIVE');
          await trx.deleteFrom('theme_settings').where('theme_id', '=', themeId).execute();
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/themes/:themeId/apply',
      {
        schema: {
          tags: ['themes'],
          summary: 'Make a theme the active one (admin); open tabs re-colour live',
          params: z.object({ themeId: idParam }),
          response: { 200: themeSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { themeId } = request.params;
        const row = await db.transaction().execute(async (trx) => {
          await activeThemeId(trx, ctx.database.dialect);
          const theme = await trx
            .selectFrom('theme_settings')
            .selectAll()
            .where('theme_id', '=', themeId)
            .executeTakeFirst();
          if (!theme) throw new AppError('NOT_FOUND');
          await trx
            .updateTable('app_settings')
            .set({ setting_value: themeId })
            .where('setting_key', '=', ACTIVE_THEME_KEY)
            .execute();
          return theme;
        });
        await announce();
        return toThemeDto(row, themeId);
      },
    );
  };
