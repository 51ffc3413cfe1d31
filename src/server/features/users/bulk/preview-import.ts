// The rows of an import, each with its verdict (new, reactivated per product.md §4, already
// active, invalid email, missing name, duplicate in the file, invalid phone), before anything is
// written: the
// preview shows them, and the import (import-accounts.ts) writes what they allow.
import type { Kysely } from 'kysely';
import { EMAIL_PATTERN, normalizeEmail } from '#common/fields.ts';
import { MAX_PARENTS_PER_STUDENT } from '#common/parents.ts';
import { hasPermission } from '#common/permissions.ts';
import { normalizePhone } from '#common/phone.ts';
import type {
  ImportParentAction,
  ImportPreviewDto,
  ImportRowsInput,
  ImportVerdict,
} from '#common/user-import.ts';
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
  /** The row's parent (a student's), when it has one and it is valid. */
  parent: CheckedParent | null;
}

export interface CheckedParent {
  full_name: string;
  email: string;
  phone: string | null;
  action: ImportParentAction;
  /** The parent's existing account (to link, or to bring back). */
  existing?: { user_id: string; auth_id: string; role: string; is_active: boolean };
}

const hasParentColumns = (row: ImportRowsInput['rows'][number]) =>
  [row.parent_name, row.parent_email, row.parent_phone].some((cell) => (cell ?? '').trim() !== '');

/** The active parents of existing students, by student id. */
async function activeParentsOf(db: Kysely<Database>, studentIds: readonly string[]) {
  const found = new Map<string, string[]>();
  for (const part of chunks([...new Set(studentIds)])) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('student_parents as family')
      .innerJoin('users as parent', 'parent.user_id', 'family.parent_id')
      .select(['family.student_id', 'family.parent_id'])
      .where('family.student_id', 'in', part)
      .where('parent.is_active', '=', true)
      .execute();
    for (const row of rows)
      found.set(row.student_id, [...(found.get(row.student_id) ?? []), row.parent_id]);
  }
  return found;
}

/**
 * Each valid student row's parent: a new account (its first row), one brought back, or a link to an
 * existing parent (siblings in two rows share one); a row whose parent is wrong gets the reason.
 */
async function checkParents(
  db: Kysely<Database>,
  input: ImportRowsInput,
  rows: CheckedRow[],
): Promise<CheckedRow[]> {
  const studentEmails = new Set(rows.map((row) => row.email));
  const written = rows.map((row) => {
    const source = input.rows[row.line - 1]!;
    if (!hasParentColumns(source)) return null;
    const email = normalizeEmail(source.parent_email ?? '');
    const phoneText = source.parent_phone?.trim() ?? '';
    const phone = phoneText === '' ? null : normalizePhone(phoneText);
    return { full_name: (source.parent_name ?? '').trim(), email, phoneText, phone };
  });
  const parentEmails = written.flatMap((p) => (p && EMAIL_PATTERN.test(p.email) ? [p.email] : []));
  const existing = await existingByEmail(db, parentEmails);
  const existingStudents = rows.flatMap((row) =>
    row.verdict === 'already_active' && row.existing ? [row.existing.user_id] : [],
  );
  const linked = await activeParentsOf(db, existingStudents);
  const madeInFile = new Set<string>();
  return rows.map((row, index) => {
    const parent = written[index];
    if (!parent || !['new', 'reactivated', 'already_active'].includes(row.verdict)) return row;
    // An existing account that is not a student's takes no parent (the import keeps it as it is).
    if (row.verdict === 'already_active' && row.existing?.role !== 'student') return row;
    const refuse = (verdict: ImportVerdict) => ({ ...row, verdict, parent: null });
    if (!EMAIL_PATTERN.test(parent.email) || parent.email.length > MAX_EMAIL_LENGTH) {
      return refuse('parent_invalid_email');
    }
    if (parent.phoneText !== '' && parent.phone === null) return refuse('parent_invalid_phone');
    const account = existing.get(parent.email);
    const activeParent = account?.is_active && account.role === 'parent';
    if (parent.email === row.email || (account?.is_active && !activeParent)) {
      return refuse('parent_email_taken');
    }
    if (!activeParent && studentEmails.has(parent.email)) return refuse('parent_email_taken');
    if (!activeParent && (!parent.full_name || parent.full_name.length > 200)) {
      return refuse('parent_missing_name');
    }
    const current =
      row.existing && row.verdict === 'already_active'
        ? (linked.get(row.existing.user_id) ?? [])
        : [];
    let action: ImportParentAction;
    if (activeParent && current.includes(account.user_id)) action = 'already_linked';
    else if (current.length >= MAX_PARENTS_PER_STUDENT) return refuse('parent_limit');
    else if (activeParent || madeInFile.has(parent.email)) action = 'link';
    else action = account ? 'reactivated' : 'new';
    madeInFile.add(parent.email);
    return {
      ...row,
      parent: {
        full_name: parent.full_name || account?.full_name || '',
        email: parent.email,
        phone: parent.phone,
        action,
        ...(account ? { existing: account } : {}),
      },
    };
  });
}

export async function existingByEmail(db: Kysely<Database>, emails: readonly string[]) {
  const found = new Map<
    string,
    { user_id: string; auth_id: string; role: string; is_active: boolean; full_name: string }
  >();
  for (const part of chunks(emails)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('users')
      .select(['user_id', 'auth_id', 'email', 'role', 'is_active', 'full_name'])
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
  const checked: CheckedRow[] = rows.map((row) => {
    if (row.verdict) return { ...row, verdict: row.verdict, parent: null };
    const account = existing.get(row.email);
    if (!account) return { ...row, verdict: 'new' as const, parent: null };
    return {
      ...row,
      verdict: account.is_active ? ('already_active' as const) : ('reactivated' as const),
      existing: account,
      parent: null,
    };
  });
  // Parents come with students only (checkRequest refuses them otherwise).
  return input.role === 'student' ? checkParents(db, input, checked) : checked;
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
    parent_invalid_email: 0,
    parent_missing_name: 0,
    parent_invalid_phone: 0,
    parent_email_taken: 0,
    parent_limit: 0,
  };
  for (const row of rows) counts[row.verdict]++;
  return counts;
}

export async function checkRequest(ctx: AppContext, actor: SessionUser, input: ImportRowsInput) {
  assertMayCreate(actor, input.role);
  if (input.rows.some(hasParentColumns)) {
    if (input.role !== 'student') throw new AppError('IMPORT_PARENTS_STUDENTS_ONLY');
    assertMayCreate(actor, 'parent');
    if (!hasPermission(actor.role, 'manage_parents')) throw new AppError('FORBIDDEN');
  }
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
    rows: rows.map(({ line, full_name, email, phone, verdict, parent }) => ({
      line,
      full_name,
      email,
      phone,
      verdict,
      parent: parent
        ? {
            full_name: parent.full_name,
            email: parent.email,
            phone: parent.phone,
            action: parent.action,
          }
        : null,
    })),
    counts: countVerdicts(rows),
  };
}
