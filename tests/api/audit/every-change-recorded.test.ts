// The audit log is complete (issue 30): every mutating API route, called successfully by a
// person, writes at least one audit entry, unless it is on the short exempt list below with why.
// The successful calls are the authorization matrix's (tests/api/authorization): its rows already
// know how to make each route succeed for a role allowed to call it, on fresh records.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backupsAvailable } from '../../../src/server/features/backups/run-backup.ts';
import { accountRows } from '../authorization/account-rows.ts';
import { auditRows } from '../authorization/audit-rows.ts';
import { backupRows } from '../authorization/backup-rows.ts';
import { bankRows } from '../authorization/bank-rows.ts';
import { classRows } from '../authorization/class-rows.ts';
import { closedDayRows } from '../authorization/closed-day-rows.ts';
import { emailRows } from '../authorization/email-rows.ts';
import { familyRows } from '../authorization/family-rows.ts';
import { lessonReportRows } from '../authorization/lesson-report-rows.ts';
import { makeupRows } from '../authorization/makeup-rows.ts';
import { materialRows } from '../authorization/material-rows.ts';
import { meetingRows } from '../authorization/meeting-rows.ts';
import { parentRows } from '../authorization/parent-rows.ts';
import { recordingRows } from '../authorization/recording-rows.ts';
import { roomRows } from '../authorization/room-rows.ts';
import { settingsRows } from '../authorization/settings-rows.ts';
import { teacherPayRows } from '../authorization/teacher-pay-rows.ts';
import { tuitionRows } from '../authorization/tuition-rows.ts';
import {
  clients,
  closeWorld,
  type Row,
  server,
  setUpWorld,
  sharedTarget,
  WHO,
} from '../authorization/world.ts';

beforeAll(setUpWorld);
afterAll(closeWorld);

const rows: Row[] = [
  ...accountRows,
  ...settingsRows,
  ...classRows,
  ...meetingRows,
  ...roomRows,
  ...closedDayRows,
  ...tuitionRows,
  ...bankRows,
  ...recordingRows,
  ...teacherPayRows,
  ...makeupRows,
  ...lessonReportRows,
  ...familyRows,
  ...emailRows,
  ...parentRows,
  ...materialRows,
  ...auditRows,
  ...backupRows,
];

/** Mutating routes that record nothing, each with why. Keep it short. */
const EXEMPT: Record<string, string> = {
  'POST /api/auth/login': 'signing in changes no record (the session is not a record)',
  'POST /api/auth/logout': 'signing out changes no record',
  'POST /api/zoom/webhook':
    "the provider's, not a person's; a lesson it ends is recorded with no person (lesson.end)",
  'POST /api/bank/webhook':
    'the bank service’s, not a person’s; its transfers are recorded with no person (bank-transfer.receive/match)',
  'PUT /api/test/clock': 'exists only with TEST_CLOCK=true, never in production',
  'POST /api/bank/statements/preview': 'reads a statement to show its matches; writes nothing',
  'POST /api/invoice-runs/preview': 'works out what a run would issue; writes nothing',
  'POST /api/zoom-accounts/sync': "lists the provider's users not yet in the pool; writes nothing",
  'POST /api/zoom/connection-check': 'tries the connection; writes nothing',
  'POST /api/email/test': 'sends a test message; writes nothing',
  'POST /api/notifications/:notificationId/read':
    "marks one's own notice read: a notice is not a record (read-all likewise changes none)",
  'POST /api/schedules/:scheduleId/join':
    'a participant opens a running meeting; writes nothing (the start is recorded)',
};

/**
 * Routes the matrix calls but never makes succeed (its records do not allow it: no credit to refund,
 * a month not over, a lesson not held): their successful calls and entries are checked in
 * audit-money.test.ts instead.
 */
const CHECKED_ELSEWHERE: Record<string, string> = {
  'POST /api/students/:studentId/refunds': 'audit-money.test.ts: a refund and a refused one',
  'POST /api/teacher-pay/months/:month/statements/:teacherId/approve':
    'audit-money.test.ts: a statement approved',
  'POST /api/teacher-pay/months/:month/approve': 'audit-money.test.ts: a month approved',
  'PUT /api/schedules/:scheduleId/report': 'audit-money.test.ts: a report written and corrected',
  'POST /api/auth/change-password': 'audit-log.test.ts: a password changed, recorded as changed',
  'POST /api/auth/password-reset/confirm':
    'email/password-reset.test.ts: a reset recorded with no person, never the password',
};

const MUTATING = /^(POST|PATCH|PUT|DELETE) /;

const auditCount = async () => {
  const { n } = await server.server.ctx.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
};

/** Tables that change without being a record (sessions, idempotency, the log itself, notices). */
const NOT_RECORDS = new Set([
  'audit_log',
  'sessions',
  'idempotency_keys',
  'notifications',
  'email_outbox',
  'login_attempts',
  'stored_files',
  'material_chunks',
]);

/** Every record of the database, without the columns that only say when (or who) last. */
const everything = async () => {
  const { db } = server.server.ctx.database;
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !NOT_RECORDS.has(name) && !name.startsWith('kysely_'));
  const strip = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).filter(([column]) => !/^(updated_(at|by)|last_\w+)$/.test(column)),
    );
  const snap: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await (db as any).selectFrom(table).selectAll().execute();
    snap[table] = rows.map((row: Record<string, unknown>) => JSON.stringify(strip(row))).sort();
  }
  return snap;
};

const isAllowed = (row: Row, who: (typeof WHO)[number], scope: Row['scopes'][number]) => {
  const rule = row.allow[who];
  return rule === true || (Array.isArray(rule) && rule.includes(scope));
};

describe('every change a person makes is recorded', () => {
  test('every mutating route is called in the matrix or exempt', () => {
    const registered = server.server.app.registeredRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => MUTATING.test(route) && route.includes(' /api/'));
    const called = new Set(rows.map((row) => row.route));
    expect(registered.length).toBeGreaterThan(30);
    expect(registered.filter((route) => !called.has(route) && !(route in EXEMPT))).toEqual([]);
  });

  const mutating = rows.filter((row) => MUTATING.test(row.route) && !(row.route in EXEMPT));
  const succeeded = new Set<string>();

  test.each(
    mutating.map((row) => ({
      row,
      title: row.variant ? `${row.route} (${row.variant})` : row.route,
    })),
  )('$title', async ({ row }) => {
    // The allowed cells in the matrix's order: the first that succeeds must have left an entry.
    const cells = WHO.filter((who) => who !== 'anonymous').flatMap((who) =>
      row.scopes.filter((scope) => isAllowed(row, who, scope)).map((scope) => ({ who, scope })),
    );
    for (const { who, scope } of cells) {
      const target = {
        ...sharedTarget(scope, who),
        ...(row.fresh ? await row.fresh(scope, who) : {}),
      };
      const before = await auditCount();
      const records = await everything();
      const response = await row.call(clients[who], target, who);
      if (response.status >= 300) continue;
      succeeded.add(row.route);
      // A call that changed no record (the same values saved again) may record nothing.
      if ((await auditCount()) === before) {
        const after = await everything();
        const changed = Object.keys(after).filter(
          (table) => JSON.stringify(after[table]) !== JSON.stringify(records[table]),
        );
        expect(changed, `${who} ${row.route} changed records unrecorded`).toEqual([]);
      }
      return;
    }
  });

  test('every route held to it succeeded at least once above, or is checked elsewhere', () => {
    const routes = [...new Set(mutating.map((row) => row.route))];
    const elsewhere = { ...CHECKED_ELSEWHERE };
    // On PostgreSQL with the files in the database there is nothing of ours to copy (the database
    // is pg_dump's), so 'Back up now' is refused here; backups.test.ts runs it with the files in
    // the data folder on both databases and checks its entry.
    if (!backupsAvailable(server.server.ctx)) {
      elsewhere['POST /api/backups'] = 'backups/backups.test.ts: a backup started, recorded';
    }
    expect(routes.filter((route) => !succeeded.has(route)).sort()).toEqual(
      Object.keys(elsewhere).sort(),
    );
  });
});
