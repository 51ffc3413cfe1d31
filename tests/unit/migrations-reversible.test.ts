// Every migration can be undone: the migration tests go back to an early version and up again,
// and a migration without `down` stays recorded as run while those before it are undone, after
// which Kysely refuses the history as out of order (found with 043, issue 30).
import { expect, test } from 'vitest';
import { migrations } from '#server/db/migrate.ts';

test.each(['sqlite', 'postgres'] as const)(
  'every %s migration after the first has a down',
  (dialect) => {
    const withoutDown = Object.entries(migrations(dialect))
      .filter(([name]) => name !== '001-initial')
      .filter(([, migration]) => typeof migration.down !== 'function')
      .map(([name]) => name);
    expect(withoutDown).toEqual([]);
  },
);
