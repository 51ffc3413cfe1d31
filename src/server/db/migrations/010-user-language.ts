// Each user's interface language, chosen in the profile dialog and kept on the server so it
// follows them to every browser: 'vi' or 'en'; null until they choose (Vietnamese after sign-in;
// the login page follows the browser's language).
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const userLanguageMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('language', 'text', (c) => c.check(sql`language in ('vi', 'en')`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('language').execute();
  },
};
