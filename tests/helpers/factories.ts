// Test data through the API, as the product's own users would create it.
import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Role } from '#common/constants.ts';
import type { TestClient } from './test-server.ts';

export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

export interface Account {
  user: { user_id: string; auth_id: string; email: string; full_name: string; role: Role };
  email: string;
  password: string;
  client: TestClient;
}

/**
 * Creates an account through the API as `creator`, signs in as it and replaces the generated
 * password, so the returned client is ready to use.
 */
export async function createAccount(
  server: { client(): TestClient },
  creator: TestClient,
  role: Role,
  overrides: { email?: string; full_name?: string } = {},
): Promise<Account> {
  const email = overrides.email ?? uniqueEmail(role);
  const created = await creator.post('/api/users', {
    email,
    full_name: overrides.full_name ?? `Test ${role}`,
    role,
  });
  if (created.status !== 201) {
    throw new Error(`creating ${role} failed: ${created.status} ${created.text}`);
  }
  const client = server.client();
  await client.login(email, created.body.password);
  const password = `pw-${randomBytes(4).toString('hex')}`;
  const changed = await client.post('/api/auth/change-password', {
    newPassword: password,
    confirmPassword: password,
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${changed.text}`);
  return { user: created.body.user, email, password, client };
}

/** Tables whose rows are only ever added: a snapshot keeps their count. */
const APPEND_ONLY_TABLES = new Set(['audit_log']);

/**
 * Every row of the tables a test cares about, to prove a refused request changed nothing: each
 * row as its JSON text, sorted by code units, so the same rows in any order compare equal. An
 * append-only table keeps its count (nothing edits or deletes an entry: tests/api/audit), which
 * says whether a call wrote one without reading thousands of rows. The bad-input battery takes
 * thousands of these: on SQLite they are read straight from the server's connection, on
 * PostgreSQL all at once.
 */
export async function snapshot(
  server: { server: { ctx: { database: { db: unknown; sqlite?: DatabaseSync } } } },
  tables: string[],
): Promise<Record<string, unknown[]>> {
  const { db, sqlite } = server.server.ctx.database;
  const read = async (table: string): Promise<unknown[]> => {
    const counted = APPEND_ONLY_TABLES.has(table);
    if (sqlite) {
      const query = counted ? `select count(*) as n from "${table}"` : `select * from "${table}"`;
      const rows = sqlite.prepare(query).all();
      return counted
        ? [{ rows: Number(rows[0]!.n) }]
        : rows.map((row) => JSON.stringify(row)).sort();
    }
    if (counted) {
      const [{ n }] = await (db as any)
        .selectFrom(table)
        .select((eb: any) => eb.fn.countAll().as('n'))
        .execute();
      return [{ rows: Number(n) }];
    }
    const rows: unknown[] = await (db as any).selectFrom(table).selectAll().execute();
    return rows.map((row) => JSON.stringify(row)).sort();
  };
  const rows = await Promise.all(tables.map(read));
  return Object.fromEntries(tables.map((table, i) => [table, rows[i]!]));
}

/** A theme body the API accepts: the required colours of product.md §5 and the given name. */
export const themeBody = (name: string, primary = '#111111') => ({
  theme_name: name,
  primary_500: primary,
  success_500: '#22c55e',
  error_500: '#ef4444',
  warning_500: '#f59e0b',
  gray_500: '#6b7280',
  bg_primary: '#ffffff',
  bg_secondary: '#f8fafc',
});

/** The tables a user's request can change: compared before and after a refused call. */
export const USER_DATA_TABLES = [
  'users',
  'auth_credentials',
  'center_settings',
  'theme_settings',
  'app_settings',
  'classes',
  'class_students',
  'schedules',
  'zoom_accounts',
  'attendance',
  'calendar_feeds',
  'notifications',
  // Who changed what (issue 30): a refused request writes no entry.
  'audit_log',
  'attendance_marks',
  'stored_files',
  'rooms',
  'closed_days',
  'fee_plans',
  'fee_plan_instalments',
  'student_discounts',
  'ledger_entries',
  'invoices',
  'invoice_lines',
  'invoice_allocations',
  'invoice_counters',
  'bank_transfers',
  'bank_webhook_keys',
  'lesson_recordings',
  'teacher_pay_rates',
  'teacher_pay_adjustments',
  'teacher_pay_statements',
  'teacher_pay_lines',
  'makeup_credits',
  'lesson_reports',
  'lesson_report_notes',
  // E-mail and password reset (issue 29, docs/decisions/039 and 040)
  'email_settings',
  'email_preferences',
  'email_outbox',
  'password_resets',
  'student_parents',
  'class_materials',
  'material_chunks',
];
