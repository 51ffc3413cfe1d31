// Parents (issue 29 point 1, docs/decisions/036-parents.md): a fifth role, and the links between a
// parent and their children. A student has at most two parents and a parent any number of children
// (siblings); the limit of two is kept where links are added, under a lock on the student's row.
//
// The role check of migration 001 names the four first roles: PostgreSQL replaces the constraint,
// SQLite rebuilds the users table.
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '#server/db/connection.ts';
import { rebuildSqliteTable } from './rebuild-sqlite-table.ts';

const roleCheck = (roles: readonly string[]) =>
  `role in (${roles.map((role) => `'${role}'`).join(', ')})`;
const BEFORE = roleCheck(['admin', 'staff', 'teacher', 'student']);
const AFTER = roleCheck(['admin', 'staff', 'teacher', 'student', 'parent']);

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were then
type AnyDb = Kysely<any>;

async function replaceRoleCheck(db: AnyDb, dialect: Dialect, from: string, to: string) {
  if (dialect === 'postgres') {
    await sql`alter table users drop constraint users_role_check`.execute(db);
    await sql`alter table users add constraint users_role_check check (${sql.raw(to)})`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'users', '034', (createSql) => {
    if (!createSql.includes(from)) throw new Error('migration 034: role check not found');
    return createSql.replace(from, to);
  });
}

export function parentsMigration(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: AnyDb) {
      await replaceRoleCheck(db, dialect, BEFORE, AFTER);
      await db.schema
        .createTable('student_parents')
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('parent_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addPrimaryKeyConstraint('student_parents_pk', ['student_id', 'parent_id'])
        .execute();
      // A parent's pages start from their children.
      await db.schema
        .createIndex('student_parents_parent')
        .on('student_parents')
        .columns(['parent_id', 'student_id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('student_parents').execute();
      // The old schema has no parent: their accounts go with the role.
      await db.deleteFrom('users').where('role', '=', 'parent').execute();
      await replaceRoleCheck(db, dialect, AFTER, BEFORE);
    },
  };
}
