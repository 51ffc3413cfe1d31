// Colour themes (product.md §2 theme manager, §5 rules). Reading the active theme is public: the
// login page is drawn in it. Managing themes is for admins.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT } from '#common/events.ts';
import { createThemeInput, themeSchema, updateThemeInput } from '#common/themes.ts';
import { errorReplies, idParam, okReply } from '#server/common-schemas.ts';
import type { AppContext } from '#server/context.ts';
import { userWithPermission } from '#server/features/auth/index.ts';
import { applyTheme, createTheme, deleteTheme, updateTheme } from './manage-themes.ts';
import { activeTheme, listThemes } from './queries.ts';

const themeParams = z.object({ themeId: idParam });

export const themeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx.database;
    const announce = () => ctx.events.publish({ type: EVENT.theme });

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
      async () => activeTheme(db),
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
        return { items: await listThemes(db) };
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
        const theme = await createTheme(ctx, request.body);
        reply.code(201);
        return theme;
      },
    );

    app.put(
      '/themes/:themeId',
      {
        schema: {
          tags: ['themes'],
          summary: 'Edit a theme (admin)',
          params: themeParams,
          body: updateThemeInput,
          response: { 200: themeSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const { theme, isActive } = await updateTheme(ctx, request.params.themeId, request.body);
        if (isActive) await announce();
        return theme;
      },
    );

    app.delete(
      '/themes/:themeId',
      {
        schema: {
          tags: ['themes'],
          summary: 'Delete a theme (admin); not the default one, not the active one',
          params: themeParams,
          response: { 200: okReply, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        await deleteTheme(ctx, request.params.themeId);
        return { ok: true as const };
      },
    );

    app.post(
      '/themes/:themeId/apply',
      {
        schema: {
          tags: ['themes'],
          summary: 'Make a theme the active one (admin); open tabs re-colour live',
          params: themeParams,
          response: { 200: themeSchema, ...errorReplies },
        },
      },
      async (request) => {
        userWithPermission(request, 'manage_all');
        const theme = await applyTheme(ctx, request.params.themeId);
        await announce();
        return theme;
      },
    );
  };
