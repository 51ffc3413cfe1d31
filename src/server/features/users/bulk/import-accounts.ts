// Bulk import of accounts (the attendance-and-import issue): every mapped row gets a verdict
// (new, reactivated per SPEC.md §4, already active, invalid email, missing name, duplicate in the
// file) before anything is written; the import writes them in one transaction (a failure leaves
// nothing half-imported), gives each new or reactivated account its first password (returned
// once), and may enrol every imported student in one class. The same file twice creates nothing
// twice: the second time its rows are already active.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EVENT } from '#common/events.ts';
import { EMAIL_PATTERN, normalizeEmail } from '#common/fields.ts';
import type { ImportPreviewDto, ImportRowsInput, ImportVerdict } from '#common/user-import.ts';
import type { AppContext } from '#server/context.ts';
import { type Database, toBool } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { generateAccountPassword, hashFirstPassword } from '#server/features/auth/passwords.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { findVisibleClass } from '#server/features/classes/queries.ts';
import { notifyEnrolled, tryToNotify } from '#server/features/notifications/notify.ts';
import { findKeyedResource, rememberKey } from '#server/http/idempotency.ts';
import { assertMayCreate, makeUsername } from '../create-user.ts';

const MAX_EMAIL_LENGTH = 254;
/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

interface CheckedRow {
  line: number;
  full_name: string;
  email: string;
  verdict: ImportVerdict;
  /** The existing account of a reactivated or already active row. */
  existing?: { user_id: string; auth_id: string; role: string };
}

async function existingByEmail(db: Kysely<Database>, emails: readonly string[]) {
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
async function checkRows(db: Kysely<Database>, input: ImportRowsInput): Promise<CheckedRow[]> {
  const seen = new Set<string>();
  const rows = input.rows.map((row, index) => {
    const full_name = row.full_name.trim();
    const email = normalizeEmail(row.email);
    let verdict: ImportVerdict | null = null;
    if (!EMAIL_PATTERN.test(email) || email.length > MAX_EMAIL_LENGTH) verdict = 'invalid_email';
    else if (!full_name || full_name.length > 200) verdict = 'missing_name';
    else if (seen.has(email)) verdict = 'duplicate_in_file';
    if (verdict === null) seen.add(email);
    return { line: index + 1, full_name, email, verdict };
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
  };
  for (const row of rows) counts[row.verdict]++;
  return counts;
}

async function checkRequest(ctx: AppContext, actor: SessionUser, input: ImportRowsInput) {
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
    rows: rows.map(({ line, full_name, email, verdict }) => ({ line, full_name, email, verdict })),
    counts: countVerdicts(rows),
  };
}

export interface ImportResult {
  created: number;
  reactivated: number;
  skipped: number;
  enrolled: number;
  accounts: { full_name: string; email: string; password: string }[];
}

export async function importAccounts(
  ctx: AppContext,
  actor: SessionUser,
  input: ImportRowsInput,
  log: { warn: (obj: object, msg: string) => void },
  idempotencyKey?: string,
): Promise<ImportResult> {
  const { db } = ctx.database;
  await checkRequest(ctx, actor, input);
  const scope = 'user-import';
  const earlierAnswer = (resource: string): ImportResult => {
    // A retry of an import that happened: its numbers; the passwords were in the first reply
    // only (they are kept nowhere), and can be issued again per account.
    const [created = 0, reactivated = 0, skipped = 0, enrolled = 0] = resource
      .split('|')
      .slice(1)
      .map(Number);
    return { created, reactivated, skipped, enrolled, accounts: [] };
  };
  if (idempotencyKey) {
    const earlier = await findKeyedResource(db, actor.user_id, idempotencyKey, scope);
    if (earlier) return earlierAnswer(earlier);
  }

  const checked = await checkRows(db, input);
  // Hashing is the slow part: done before the transaction, for every row that may need it.
  const candidates = checked.filter((r) => r.verdict === 'new' || r.verdict === 'reactivated');
  const credentials = await Promise.all(
    candidates.map(async (row) => {
      const password = generateAccountPassword();
      return { row, password, hash: await hashFirstPassword(password), authId: randomUUID() };
    }),
  );

  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  let earlier: string | undefined;
  let result: ImportResult | undefined;
  let enrolledIds: string[] = [];
  await db.transaction().execute(async (trx) => {
    if (idempotencyKey) {
      earlier = await findKeyedResource(trx, actor.user_id, idempotencyKey, scope);
      if (earlier) return;
    }
    // Checked again inside the transaction: an account made meanwhile is not made twice.
    const current = await existingByEmail(
      trx,
      credentials.map((c) => c.row.email),
    );
    const toCreate = credentials.filter((c) => !current.has(c.row.email));
    const toReactivate = credentials.filter((c) => {
      const account = current.get(c.row.email);
      return account !== undefined && !account.is_active;
    });
    const done = [...toCreate, ...toReactivate];
    for (const part of chunks(done)) {
      await trx
        .insertInto('auth_credentials')
        .values(
          part.map((c) => ({
            auth_id: c.authId,
            password_hash: c.hash,
            must_change_password: true,
            password_changed_at: nowIso,
            created_at: nowIso,
          })),
        )
        .execute();
    }
    const newIds = new Map<string, string>();
    for (const part of chunks(toCreate)) {
      await trx
        .insertInto('users')
        .values(
          part.map((c) => {
            const userId = randomUUID();
            newIds.set(c.row.email, userId);
            return {
              user_id: userId,
              auth_id: c.authId,
              email: c.row.email,
              full_name: c.row.full_name,
              role: input.role,
              username: makeUsername(c.row.email, now),
              is_active: true,
              avatar_url: null,
              phone: null,
              created_at: nowIso,
              updated_at: nowIso,
              created_by: actor.user_id,
            };
          }),
        )
        .execute();
    }
    for (const c of toReactivate) {
      const account = current.get(c.row.email)!;
      // Reactivation (§4): role, name and the link to sign-in credentials reset.
      await trx
        .updateTable('users')
        .set({
          auth_id: c.authId,
          full_name: c.row.full_name,
          role: input.role,
          is_active: true,
          updated_at: nowIso,
          created_by: actor.user_id,
        })
        .where('user_id', '=', account.user_id)
        .execute();
      await trx.deleteFrom('auth_credentials').where('auth_id', '=', account.auth_id).execute();
    }

    let enrolled = 0;
    if (input.class_id) {
      const classId = input.class_id;
      // Every student of the file: new, reactivated, and those already active as students.
      const studentIds = [
        ...toCreate.map((c) => newIds.get(c.row.email)!),
        ...toReactivate.map((c) => current.get(c.row.email)!.user_id),
        ...checked
          .filter((r) => r.verdict === 'already_active' && r.existing?.role === 'student')
          .map((r) => r.existing!.user_id),
      ];
      const already = new Set<string>();
      for (const part of chunks(studentIds)) {
        if (part.length === 0) continue;
        const rows = await trx
          .selectFrom('class_students')
          .select('student_id')
          .where('class_id', '=', classId)
          .where('student_id', 'in', part)
          .execute();
        for (const row of rows) already.add(row.student_id);
      }
      enrolledIds = [...new Set(studentIds)].filter((id) => !already.has(id));
      for (const part of chunks(enrolledIds)) {
        await trx
          .insertInto('class_students')
          .values(part.map((id) => ({ class_id: classId, student_id: id, enrolled_at: nowIso })))
          .execute();
      }
      enrolled = enrolledIds.length;
    }
    if (done.length === 0 && enrolled === 0) throw new AppError('IMPORT_NOTHING_TO_IMPORT');
    const skipped = checked.length - done.length;
    result = {
      created: toCreate.length,
      reactivated: toReactivate.length,
      skipped,
      enrolled,
      accounts: done.map((c) => ({
        full_name: c.row.full_name,
        email: c.row.email,
        password: c.password,
      })),
    };
    if (idempotencyKey) {
      await rememberKey(trx, {
        userId: actor.user_id,
        key: idempotencyKey,
        scope,
        resourceId: `import|${toCreate.length}|${toReactivate.length}|${skipped}|${enrolled}`,
        now,
      });
    }
  });
  if (earlier) return earlierAnswer(earlier);
  const imported = result as ImportResult;
  await ctx.events.publish({ type: EVENT.users, data: { role: input.role } });
  if (input.class_id && enrolledIds.length > 0) {
    await ctx.events.publish({ type: EVENT.classes, data: { class_id: input.class_id } });
    const classId = input.class_id;
    await tryToNotify(log, () => notifyEnrolled(ctx, classId, enrolledIds));
  }
  return imported;
}
