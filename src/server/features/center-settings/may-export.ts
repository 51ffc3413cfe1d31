// Whether the center lets staff export lists (the 'Users' card): every export route asks here
// before it builds a file. Admin always may; the route's own rules decide for the other roles.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { readCenterSettings } from './read-center-settings.ts';

export async function assertMayExport(
  db: Kysely<Database>,
  actor: { role: string },
): Promise<void> {
  if (actor.role !== 'staff') return;
  if (!(await readCenterSettings(db)).staff_may_export) throw new AppError('EXPORT_NOT_ALLOWED');
}
