// The first schema: every entity of product.md §3 plus sign-in credentials and sessions.
// Written once; later changes go in new numbered migrations.
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  DEFAULT_THEME_COLORS,
  DEFAULT_THEME_NAME,
  THEME_COLOR_KEYS,
} from '#common/theme-defaults.ts';
import type { Dialect } from '#server/db/connection.ts';

/** Column types where the two databases differ. */
function columnTypes(dialect: Dialect) {
  return dialect === 'postgres'
    ? ({ timestamp: 'timestamptz', boolean: 'boolean', date: 'date' } as const)
    : ({ timestamp: 'text', boolean: 'integer', date: 'text' } as const);
}

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

export function initialMigration(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  // SQLite has no boolean type: keep its integer columns to 0 and 1.
  const booleanCheck = (column: string) =>
    dialect === 'sqlite' ? sql`${sql.ref(column)} in (0, 1)` : sql`true`;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_credentials')
        .addColumn('auth_id', 'text', (c) => c.primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('must_change_password', t.boolean, (c) =>
          c.notNull().check(booleanCheck('must_change_password')),
        )
        .addColumn('password_changed_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('auth_id', 'text', (c) =>
          c.notNull().references('auth_credentials.auth_id').onDelete('cascade'),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sessions_auth_id_idx')
        .on('sessions')
        .column('auth_id')
        .execute();
      // Expired and idle sessions are pruned by these two columns.
      await db.schema
        .createIndex('sessions_expires_idx')
        .on('sessions')
        .column('expires_at')
        .execute();
      await db.schema
        .createIndex('sessions_last_seen_idx')
        .on('sessions')
        .column('last_seen_at')
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('auth_id', 'text', (c) =>
          c.notNull().unique().references('auth_credentials.auth_id'),
        )
        .addColumn('email', 'text', (c) =>
          c.notNull().unique().check(sql`email = lower(trim(email))`),
        )
        .addColumn('full_name', 'text', (c) => c.notNull())
        // The first schema's four roles, written out: migration 034 adds the parent.
        .addColumn('role', 'text', (c) =>
          c.notNull().check(sql`role in (${inList(['admin', 'staff', 'teacher', 'student'])})`),
        )
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('is_active', t.boolean, (c) => c.notNull().check(booleanCheck('is_active')))
        .addColumn('avatar_url', 'text')
        .addColumn('phone', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('users_role_active_created_idx')
        .on('users')
        .columns(['role', 'is_active', 'created_at'])
        .execute();

      await db.schema
        .createTable('center_settings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('center_name', 'text', (c) => c.notNull())
        .addColumn('logo_url', 'text')
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      let themes = db.schema
        .createTable('theme_settings')
        .addColumn('theme_id', 'text', (c) => c.primaryKey())
        .addColumn('theme_name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('is_default', t.boolean, (c) => c.notNull().check(booleanCheck('is_default')))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull());
      for (const key of THEME_COLOR_KEYS) themes = themes.addColumn(key, 'text');
      await themes.execute();
      await db.schema
        .createIndex('theme_settings_name_unique')
        .on('theme_settings')
        .unique()
        .expression(sql`lower(theme_name)`)
        .execute();

      await db.schema
        .createTable('app_settings')
        .addColumn('setting_key', 'text', (c) => c.primaryKey())
        .addColumn('setting_value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('classes')
        .addColumn('class_id', 'text', (c) => c.primaryKey())
        .addColumn('class_name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('teacher_id', 'text', (c) => c.notNull().references('users.user_id'))
        .addColumn('start_date', t.date, (c) => c.notNull())
        .addColumn('end_date', t.date, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.references('users.user_id').onDelete('set null'))
        .addColumn('is_active', t.boolean, (c) => c.notNull().check(booleanCheck('is_active')))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('classes_dates_ordered', sql`end_date >= start_date`)
        .execute();
      await db.schema
        .createIndex('classes_teacher_idx')
        .on('classes')
        .columns(['teacher_id', 'is_active'])
        .execute();
      await db.schema
        .createIndex('classes_active_created_idx')
        .on('classes')
        .columns(['is_active', 'created_at'])
        .execute();

      await db.schema
        .createTable('class_students')
        .addColumn('class_id', 'text', (c) =>
          c.notNull().references('classes.class_id').onDelete('cascade'),
        )
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('enrolled_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('class_students_pk', ['class_id', 'student_id'])
        .execute();
      await db.schema
        .createIndex('class_students_student_idx')
        .on('class_students')
        .column('student_id')
        .execute();

      await db.schema
        .createTable('zoom_accounts')
        .addColumn('zoom_account_id', 'text', (c) => c.primaryKey())
        .addColumn('zoom_user_id', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('is_busy', t.boolean, (c) => c.notNull().check(booleanCheck('is_busy')))
        .addColumn('is_active', t.boolean, (c) => c.notNull().check(booleanCheck('is_active')))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('schedules')
        .addColumn('schedule_id', 'text', (c) => c.primaryKey())
        .addColumn('class_id', 'text', (c) =>
          c.notNull().references('classes.class_id').onDelete('cascade'),
        )
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('start_time', t.timestamp, (c) => c.notNull())
        .addColumn('end_time', t.timestamp, (c) => c.notNull())
        // The statuses of the time, written out: LESSON_STATUSES grew later (migration 017), and a
        // released migration must make the same table whenever it runs.
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in (${inList(['pending', 'active', 'completed'])})`),
        )
        // No cascade: an account still referenced by lessons must not vanish (product.md §8).
        .addColumn('zoom_account_id', 'text', (c) => c.references('zoom_accounts.zoom_account_id'))
        .addColumn('zoom_meeting_id', 'text')
        .addColumn('zoom_password', 'text')
        .addColumn('zoom_join_url', 'text')
        .addColumn('zoom_start_url', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('schedules_end_after_start', sql`end_time > start_time`)
        .execute();
      await db.schema
        .createIndex('schedules_class_start_idx')
        .on('schedules')
        .columns(['class_id', 'start_time'])
        .execute();
      await db.schema
        .createIndex('schedules_start_idx')
        .on('schedules')
        .column('start_time')
        .execute();
      await db.schema
        .createIndex('schedules_meeting_idx')
        .on('schedules')
        .column('zoom_meeting_id')
        .execute();
      await db.schema
        .createIndex('schedules_zoom_account_idx')
        .on('schedules')
        .column('zoom_account_id')
        .execute();

      await db.schema
        .createTable('attendance')
        .addColumn('attendance_id', 'text', (c) => c.primaryKey())
        .addColumn('schedule_id', 'text', (c) =>
          c.notNull().references('schedules.schedule_id').onDelete('cascade'),
        )
        .addColumn('student_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('participant_key', 'text', (c) => c.notNull())
        .addColumn('joined_at', t.timestamp, (c) => c.notNull())
        .addColumn('left_at', t.timestamp)
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('attendance_stay_unique', [
          'schedule_id',
          'participant_key',
          'joined_at',
        ])
        .execute();
      await db.schema
        .createIndex('attendance_student_idx')
        .on('attendance')
        .column('student_id')
        .execute();

      // Seed: the default blue theme, made active, and the center's name.
      const now = new Date().toISOString();
      const themeId = randomUUID();
      await sql`insert into ${sql.table('theme_settings')} ${sql.raw(
        `(theme_id, theme_name, description, is_default, created_at, updated_at, ${THEME_COLOR_KEYS.join(', ')})`,
      )} values (${sql.join([
        themeId,
        DEFAULT_THEME_NAME,
        'Theme mặc định với tông màu xanh dương',
        dialect === 'postgres' ? true : 1,
        now,
        now,
        ...THEME_COLOR_KEYS.map((key) => DEFAULT_THEME_COLORS[key]),
      ])})`.execute(db);
      await sql`insert into app_settings (setting_key, setting_value) values ('active_theme_id', ${themeId})`.execute(
        db,
      );
      await sql`insert into center_settings (id, center_name, logo_url, updated_at) values (${randomUUID()}, 'Edu Center', null, ${now})`.execute(
        db,
      );
    },
  };
}
