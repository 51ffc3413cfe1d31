// Bulk import of accounts: the checked rows (preview-import.ts) are written in one transaction (a
// failure leaves nothing half-imported); each new or reactivated account gets its first password
// (returned once), and every imported student may be enrolled in one class. The same file twice
// creates nothing twice: the second time its rows are already active.

import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { EVENT } from '#common/events.ts';
import type { ImportRowsInput } from '#common/user-import.ts';
import type { AppContext } from '#server/context.ts';
import { chunks } from '#server/db/chunks.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { generateAccountPassword, hashFirstPassword } from '#server/features/auth/index.ts';
import { readCenterSettings } from '#server/features/center-settings/index.ts';
import { addEnrolments, alreadyEnrolled } from '#server/features/classes/index.ts';
import { recordAudit, recordAudits } from '#server/lib/audit.ts';
import { type IdempotencyKey, idempotent } from '#server/lib/operations/idempotent.ts';
import { addFirstCredentials, newUserRow, reactivateAccount } from '../account-rows.ts';
import { addLink, lockedStudent } from '../parents.ts';
import {
  type CheckedParent,
  type CheckedRow,
  checkRequest,
  checkRows,
  existingByEmail,
} from './preview-import.ts';

export interface ImportResult {
  created: number;
  reactivated: number;
  skipped: number;
  enrolled: number;
  parents_created: number;
  parents_linked: number;
  accounts: { full_name: string; email: string; password: string }[];
}

/** What a retry is answered with: the numbers; the passwords were in the first reply only. */
type ImportCounts = Omit<ImportResult, 'accounts'>;

interface Credential {
  row: CheckedRow;
  password: string;
  hash: string;
  authId: string;
}

/** A first password for a parent's account made or brought back by the import. */
interface ParentCredential {
  parent: CheckedParent;
  password: string;
  hash: string;
  authId: string;
}

/** The rows checked, and a first password for every row that may need one. */
async function prepareImport(ctx: AppContext, input: ImportRowsInput) {
  const checked = await checkRows(ctx.database.db, input);
  // Hashing is the slow part: done before the transaction, for every row that may need it.
  const candidates = checked.filter((r) => r.verdict === 'new' || r.verdict === 'reactivated');
  const credentials: Credential[] = await Promise.all(
    candidates.map(async (row) => {
      const password = generateAccountPassword();
      return { row, password, hash: await hashFirstPassword(password), authId: randomUUID() };
    }),
  );
  // A parent's account is made by the first row naming them (the others link to it).
  const parentCredentials: ParentCredential[] = await Promise.all(
    checked
      .flatMap((row) =>
        row.parent && (row.parent.action === 'new' || row.parent.action === 'reactivated')
          ? [row.parent]
          : [],
      )
      .map(async (parent) => {
        const password = generateAccountPassword();
        return { parent, password, hash: await hashFirstPassword(password), authId: randomUUID() };
      }),
  );
  return { checked, credentials, parentCredentials };
}

export async function importAccounts(
  ctx: AppContext,
  actor: SessionUser,
  input: { mapped: ImportRowsInput; idempotencyKey?: IdempotencyKey },
): Promise<ImportResult> {
  const request = input.mapped;
  await checkRequest(ctx, actor, request);
  const now = ctx.clock.now();
  const { new_user_language } = await readCenterSettings(ctx.database.db);
  let enrolledIds: string[] = [];

  const write = async (
    trx: Transaction<Database>,
    { checked, credentials, parentCredentials }: Awaited<ReturnType<typeof prepareImport>>,
  ): Promise<ImportResult> => {
    // Checked again inside the transaction: an account made meanwhile is not made twice.
    const current = await existingByEmail(
      trx,
      credentials.map((c) => c.row.email),
    );
    const toCreate = credentials.filter((c) => !current.has(c.row.email));
    const toReactivate = credentials.filter((c) => current.get(c.row.email)?.is_active === false);
    const done = [...toCreate, ...toReactivate];
    for (const part of chunks(done)) await addFirstCredentials(trx, part, now);
    const account = (c: Credential) => ({
      authId: c.authId,
      email: c.row.email,
      full_name: c.row.full_name,
      phone: c.row.phone,
      role: request.role,
      createdBy: actor.user_id,
      language: new_user_language,
    });
    const newIds = new Map<string, string>();
    for (const part of chunks(toCreate)) {
      const rows = part.map((c) => newUserRow(account(c), now));
      for (const row of rows) newIds.set(row.email, row.user_id);
      await trx.insertInto('users').values(rows).execute();
    }
    for (const c of toReactivate) {
      await reactivateAccount(trx, current.get(c.row.email)!, account(c), now);
    }
    // One entry per account made or brought back (docs/decisions/041-audit-log.md).
    await recordAudits(trx, [
      ...toCreate.map((c) => ({
        action: 'user.import' as const,
        recordType: 'user' as const,
        recordId: newIds.get(c.row.email)!,
        before: null,
        after: account(c),
        only: ['full_name', 'email', 'phone', 'role'],
      })),
      ...toReactivate.map((c) => ({
        action: 'user.reactivate' as const,
        recordType: 'user' as const,
        recordId: current.get(c.row.email)!.user_id,
        before: null,
        after: account(c),
        only: ['full_name', 'email', 'phone', 'role'],
      })),
    ]);
    enrolledIds = [];
    if (request.class_id) {
      const studentIds = [
        ...toCreate.map((c) => newIds.get(c.row.email)!),
        ...toReactivate.map((c) => current.get(c.row.email)!.user_id),
        ...checked
          .filter((r) => r.verdict === 'already_active' && r.existing?.role === 'student')
          .map((r) => r.existing!.user_id),
      ];
      const already = await alreadyEnrolled(trx, request.class_id, studentIds);
      enrolledIds = [...new Set(studentIds)].filter((id) => !already.has(id));
      await addEnrolments(trx, request.class_id, enrolledIds, now);
    }
    const parents = await writeParents(
      trx,
      checked,
      parentCredentials,
      (row) => newIds.get(row.email) ?? current.get(row.email)?.user_id ?? row.existing?.user_id,
    );
    if (
      done.length === 0 &&
      enrolledIds.length === 0 &&
      parents.made.length === 0 &&
      parents.linked === 0
    ) {
      throw new AppError('IMPORT_NOTHING_TO_IMPORT');
    }
    return {
      created: toCreate.length,
      reactivated: toReactivate.length,
      skipped: checked.length - done.length,
      enrolled: enrolledIds.length,
      parents_created: parents.made.length,
      parents_linked: parents.linked,
      accounts: [
        ...done.map((c) => ({
          full_name: c.row.full_name,
          email: c.row.email,
          password: c.password,
        })),
        ...parents.made.map((c) => ({
          full_name: c.parent.full_name,
          email: c.parent.email,
          password: c.password,
        })),
      ],
    };
  };

  /**
   * The rows' parents (docs/decisions/036-parents.md): their accounts made or brought back, then
   * each linked to the row's student under the student's lock (at most two parents each).
   */
  const writeParents = async (
    trx: Transaction<Database>,
    checked: CheckedRow[],
    parentCredentials: ParentCredential[],
    studentIdOf: (row: CheckedRow) => string | undefined,
  ) => {
    const ids = new Map<string, string>();
    const made: ParentCredential[] = [];
    const current = await existingByEmail(
      trx,
      parentCredentials.map((c) => c.parent.email),
    );
    for (const c of parentCredentials) {
      const account = {
        authId: c.authId,
        email: c.parent.email,
        full_name: c.parent.full_name,
        phone: c.parent.phone,
        role: 'parent' as const,
        createdBy: actor.user_id,
        language: new_user_language,
      };
      const existing = current.get(c.parent.email);
      if (existing?.is_active) {
        // Made meanwhile: a parent's is linked; anyone else's e-mail stops the import.
        if (existing.role !== 'parent') {
          throw new AppError('USER_EMAIL_EXISTS', { params: { email: c.parent.email } });
        }
        ids.set(c.parent.email, existing.user_id);
        continue;
      }
      await addFirstCredentials(trx, [c], now);
      if (existing) {
        await reactivateAccount(trx, existing, account, now);
        await trx.deleteFrom('student_parents').where('parent_id', '=', existing.user_id).execute();
        ids.set(c.parent.email, existing.user_id);
      } else {
        const row = newUserRow(account, now);
        await trx.insertInto('users').values(row).execute();
        ids.set(c.parent.email, row.user_id);
      }
      await recordAudit(trx, {
        action: existing ? 'user.reactivate' : 'user.import',
        recordType: 'user',
        recordId: ids.get(c.parent.email)!,
        before: null,
        after: account,
        only: ['full_name', 'email', 'phone', 'role'],
      });
      made.push(c);
    }
    let linked = 0;
    for (const row of checked) {
      if (!row.parent) continue;
      const studentId = studentIdOf(row);
      const parentId = ids.get(row.parent.email) ?? row.parent.existing?.user_id;
      if (!studentId || !parentId) continue;
      await lockedStudent(ctx, trx, studentId);
      if (await addLink(trx, studentId, parentId, actor.user_id, now)) linked++;
    }
    return { made, linked };
  };

  // Two imports of the same rows at once: the database's unique emails let one write them; the
  // other runs again (idempotent() retries a unique-key loss) and finds them there.
  return idempotent(
    ctx,
    { userId: actor.user_id, key: input.idempotencyKey, scope: 'user-import' },
    {
      prepare: () => prepareImport(ctx, request),
      write,
      remember: ({ accounts: _passwords, ...counts }): ImportCounts => counts,
      replay: (counts: ImportCounts) => ({ ...counts, accounts: [] }),
      announce: async () => {
        await ctx.events.publish({ type: EVENT.users, data: { role: request.role } });
        if (request.rows.some((row) => row.parent_email)) {
          await ctx.events.publish({ type: EVENT.users, data: { role: 'parent' } });
        }
        const classId = request.class_id;
        if (!classId || enrolledIds.length === 0) return;
        await ctx.events.publish({ type: EVENT.classes, data: { class_id: classId } });
        const enrolled = { classId, studentIds: enrolledIds, actorId: actor.user_id };
        await ctx.domainEvents.publish({ type: 'enrolment.added', ...enrolled });
      },
    },
  );
}
