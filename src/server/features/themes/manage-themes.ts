// Changing themes (admin): create, edit, delete, apply. product.md §5: the default theme and the
// active theme cannot be deleted; applying one re-colours every open tab (the caller announces).
import { randomUUID } from 'node:crypto';
import { DEFAULT_THEME_COLORS } from '#common/theme-defaults.ts';
import type { CreateThemeInput, ThemeDto, UpdateThemeInput } from '#common/themes.ts';
import type { AppContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { recordAudit } from '#server/lib/audit.ts';
import {
  ACTIVE_THEME_KEY,
  activeThemeId,
  assertThemeNameFree,
  findTheme,
  themeNameTaken,
  toThemeDto,
} from './queries.ts';

function refuseTakenName(error: unknown): never {
  if (isUniqueViolation(error)) throw themeNameTaken();
  throw error;
}

export async function createTheme(ctx: AppContext, input: CreateThemeInput): Promise<ThemeDto> {
  const { db } = ctx.database;
  const { theme_name, description, ...colors } = input;
  await assertThemeNameFree(db, theme_name);
  const nowIso = ctx.clock.now().toISOString();
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const made = await trx
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
      await recordAudit(trx, {
        action: 'theme.create',
        recordType: 'theme',
        recordId: made.theme_id,
        before: null,
        after: { theme_name, description: description ?? null, ...colors },
      });
      return made;
    })
    .catch(refuseTakenName);
  return toThemeDto(row, await activeThemeId(db));
}

/** Returns the theme and whether it is the active one (then open tabs must re-colour). */
export async function updateTheme(
  ctx: AppContext,
  themeId: string,
  input: UpdateThemeInput,
): Promise<{ theme: ThemeDto; isActive: boolean }> {
  const { db } = ctx.database;
  await findTheme(db, themeId);
  const { theme_name, description, ...colors } = input;
  await assertThemeNameFree(db, theme_name, themeId);
  const changed = {
    ...colors,
    theme_name,
    ...(description !== undefined ? { description } : {}),
  };
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const before = await findTheme(trx, themeId);
      const updated = await trx
        .updateTable('theme_settings')
        .set({ ...changed, updated_at: ctx.clock.now().toISOString() })
        .where('theme_id', '=', themeId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        action: 'theme.update',
        recordType: 'theme',
        recordId: themeId,
        before: before as unknown as Record<string, unknown>,
        after: updated as unknown as Record<string, unknown>,
        only: Object.keys(changed),
      });
      return updated;
    })
    .catch(refuseTakenName);
  const activeId = await activeThemeId(db);
  return { theme: toThemeDto(row, activeId), isActive: activeId === themeId };
}

export async function deleteTheme(ctx: AppContext, themeId: string): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const activeId = await activeThemeId(trx, ctx.database.dialect);
    const theme = await trx
      .selectFrom('theme_settings')
      .select(['theme_id', 'theme_name', 'is_default'])
      .where('theme_id', '=', themeId)
      .executeTakeFirst();
    if (!theme) throw new AppError('NOT_FOUND');
    if (toBool(theme.is_default)) throw new AppError('THEME_DELETE_DEFAULT');
    if (activeId === themeId) throw new AppError('THEME_DELETE_ACTIVE');
    await trx.deleteFrom('theme_settings').where('theme_id', '=', themeId).execute();
    await recordAudit(trx, {
      action: 'theme.delete',
      recordType: 'theme',
      recordId: themeId,
      before: { theme_name: theme.theme_name },
      after: null,
    });
  });
}

export async function applyTheme(ctx: AppContext, themeId: string): Promise<ThemeDto> {
  const row = await ctx.database.db.transaction().execute(async (trx) => {
    const previous = await activeThemeId(trx, ctx.database.dialect);
    const theme = await findTheme(trx, themeId);
    await recordAudit(trx, {
      action: 'theme.apply',
      recordType: 'theme',
      recordId: themeId,
      changes: { active_theme_id: { before: previous ?? null, after: themeId } },
    });
    await trx
      .updateTable('app_settings')
      .set({ setting_value: themeId })
      .where('setting_key', '=', ACTIVE_THEME_KEY)
      .execute();
    return theme;
  });
  return toThemeDto(row, themeId);
}
