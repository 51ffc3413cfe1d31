// The rows of an import, each with its verdict (new, reactivated per product.md §4, already
// active, invalid email, missing name, duplicate in the file, invalid phone), before anything is
// written: the
// preview shows them, and the import (import-accounts.ts) writes what they allow.
import type { Kysely } from 'kysely';
import type { ImportPreviewDto, ImportVerdict } from '#common/user-import.ts';
import { EMAIL_PATTERN, normalizeEmail } from '#common/fields.ts';
import { normalizePhone } from '#common/phone.ts';
import type { ImportRowsInput } from '#common/user-import.ts';
import type { AppContext } from '#server/context.ts';
import { chunks } from '#server/db/chunks.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { findVisibleClass } from '#server/features/classes/index.ts';
import { assertMayCreate } from '../create-user.ts';

const MAX_EMAIL_LENGTH = 254;

export interface CheckedRow {
  line: number;
  full_name: string;
  email: string;
  /** Stored form (+84…); as written when invalid; null without one. */
  phone: string | null;
  verdict: ImportVerdict;
  /** The existing account of a reactivated or already active row. */
  existing?: { user_id: string; auth_id: string; role: string };
}

export async function existingByEmail(db: Kysely<Database>, emails: readonly string[]) {
  const found = new Map<
    string,
    { user_id: string; auth_id: string; role: string; is_active: boolean }
  >();
  for (const part of chunks(emails)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('users')
      .select(['user_id', 'auth_id', 'email', 'role', 'is_active'])
      .where('email', 'in', part)
      .execute();
    for (const row of rows) found.set(row.email, { ...row, is_active: toBool(row.is_active) });
  }
  return found;
}

/** Each row's verdict, in the file's order. */
export async function checkRows(
  db: Kysely<Database>,
  input: ImportRowsInput,
): Promise<CheckedRow[]> {
  const seen = new Set<string>();
  const rows = input.rows.map((row, index) => {
    const full_name = row.full_name.trim();
    const email = normalizeEmail(row.email);
    const written = row.phone?.trim() ?? '';
    const phone = written === '' ? null : normalizePhone(written);
    let verdict: ImportVerdict | null = null;
    if (!EMAIL_PATTERN.test(email) || email.length > MAX_EMAIL_LENGTH) verdict = 'invalid_email';
    else if (!full_name || full_name.length > 200) verdict = 'missing_name';
    else if (written !== '' && phone === null) verdict = 'invalid_phone';
    else if (seen.has(email)) verdict = 'duplicate_in_file';
    if (verdict === null) seen.add(email);
    return { line: index + 1, full_name, email, phone: phone ?? (written || null), verdict };
  });
  const existing = await existingByEmail(db, [...seen]);
  return rows.map((row) => {
    if (row.verdict) return { ...row, verdict: row.verdict };
    const account = existing.get(row.email);
    if (!account) return { ...row, verdict: 'new' as const };
    return {
      ...row,
      verdict: account.is_active ? ('already_active' as const) : ('reactivated' as const),
      existing: account,
    };
  });
}

function countVerdicts(rows: readonly CheckedRow[]) {
  const counts: Record<ImportVerdict, number> = {
    new: 0,
    reactivated: 0,
    already_active: 0,
    invalid_email: 0,
    missing_name: 0,
    duplicate_in_file: 0,
    invalid_phone: 0,
  };
  for (const row of rows) counts[row.verdict]++;
  return counts;
}

export async function checkRequest(ctx: AppContext, actor: SessionUser, input: ImportRowsInput) {
  assertMayCreate(actor, input.role);
  if (input.class_id) {
    if (input.role !== 'student')
      throw new AppError('IMPORT_CLASS_STUDENTS_ONLY', { field: 'class_id' });
    await findVisibleClass(ctx.database.db, actor, input.class_id);
  }
}

export async function previewImport(
  ctx: AppContext,
  actor: SessionUser,
  input: ImportRowsInput,
): Promise<ImportPreviewDto> {
  await checkRequest(ctx, actor, input);
  const rows = await checkRows(ctx.database.db, input);
  return {
    rows: rows.map(({ line, full_name, email, phone, verdict }) => ({
      line,
      full_name,
      email,
      phone,
      verdict,
    })),
    counts: countVerdicts(rows),
  };
}
