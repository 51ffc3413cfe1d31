// Migration 015 gives the accounts and classes that exist before it their folded search_name, so
// 'tran' finds a student added long before search existed.
import { afterAll, expect, test } from 'vitest';
import { earlyDatabase } from '../helpers/early-database.ts';

const early = await earlyDatabase('014-class-enrolment-history', {
  teacher: 'Trần Văn Đức',
  className: 'Tiếng Anh Giao Tiếp',
});
afterAll(() => early.close());

test('existing accounts and classes get their folded names', async () => {
  const { migrator, db } = early;
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('users').select('search_name').executeTakeFirst()).toEqual({
    search_name: 'tran van duc',
  });
  expect(await db.selectFrom('classes').select('search_name').executeTakeFirst()).toEqual({
    search_name: 'tieng anh giao tiep',
  });
});
