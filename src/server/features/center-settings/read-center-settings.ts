// The one reader of the center's settings: every feature that follows a choice of the Settings
// cards (sign-in, account creation and import, exports) reads it here, so each sees the row as the
// admin last saved it. The table holds one row (migration 001 inserts it).
import type { Kysely, Selectable } from 'kysely';
import type { CenterSettingsDto } from '#common/center.ts';
import { type CenterSettingsTable, type Database, toBool } from '#server/db/schema.ts';

export async function readCenterSettings(db: Kysely<Database>): Promise<CenterSettingsDto> {
  const row = await db
    .selectFrom('center_settings')
    .selectAll()
    .orderBy('updated_at')
    .limit(1)
    .executeTakeFirstOrThrow();
  return toCenterSettingsDto(row);
}

export function toCenterSettingsDto(row: Selectable<CenterSettingsTable>): CenterSettingsDto {
  return {
    id: row.id,
    center_name: row.center_name,
    logo_url: row.logo_url,
    updated_at: row.updated_at,
    new_user_language: row.new_user_language,
    first_password_hours: Number(row.first_password_hours),
    staff_may_export: toBool(row.staff_may_export),
    chat_panel_shown: toBool(row.chat_panel_shown),
    makeup_credit_days: Number(row.makeup_credit_days),
    students_book_makeups: toBool(row.students_book_makeups),
  };
}
