// Reading themes: the active one (public: the login page is drawn in it), the list, one by id.
import type { Kysely } from 'kysely';
import type { ThemeDto } from '#common/themes.ts';
import type { Dialect } from '#server/db/connection.ts';
import { forUpdate } from '#server/db/locking.ts';
import { type Database, type ThemeSettingsTable, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

export const ACTIVE_THEME_KEY = 'active_theme_id';

type ThemeRow = Omit<ThemeSettingsTable, 'is_default'> & { is_default: boolean | number };

export function toThemeDto(row: ThemeRow, activeThemeId: string | undefined): ThemeDto {
  return { ...row, is_default: toBool(row.is_default), is_active: row.theme_id === activeThemeId };
}

/**
 * The active theme's id. Inside a transaction that deletes or applies a theme, pass `lock`
 * with the dialect: both lock this one setting row first, so they cannot interleave.
 */
export async function activeThemeId(
  db: Kysely<Database>,
  lock?: Dialect,
): Promise<string | undefined> {
  const query = db
    .selectFrom('app_settings')
    .select('setting_value')
    .where('setting_key', '=', ACTIVE_THEME_KEY);
  const row = await (lock ? forUpdate(query, lock) : query).executeTakeFirst();
  return row?.setting_value;
}

/** The active theme, or the default one when the setting names none that exists. */
export async function activeTheme(db: Kysely<Database>): Promise<ThemeDto> {
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
}

export async function listThemes(db: Kysely<Database>): Promise<ThemeDto[]> {
  const [rows, activeId] = await Promise.all([
    db.selectFrom('theme_settings').selectAll().orderBy('created_at').orderBy('theme_id').execute(),
    activeThemeId(db),
  ]);
  return rows.map((row) => toThemeDto(row, activeId));
}

export async function findTheme(db: Kysely<Database>, themeId: string) {
  const row = await db
    .selectFrom('theme_settings')
    .selectAll()
    .where('theme_id', '=', themeId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export const themeNameTaken = () => new AppError('THEME_NAME_EXISTS', { field: 'theme_name' });

/** Names are unique whatever their case. */
export async function assertThemeNameFree(
  db: Kysely<Database>,
  name: string,
  exceptThemeId?: string,
) {
  let query = db
    .selectFrom('theme_settings')
    .select('theme_id')
    .where((eb) => eb(eb.fn('lower', ['theme_name']), '=', name.toLowerCase()));
  if (exceptThemeId) query = query.where('theme_id', '!=', exceptThemeId);
  if (await query.executeTakeFirst()) throw themeNameTaken();
}
