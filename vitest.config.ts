import { defineConfig } from 'vitest/config';

// The API suite runs once on the embedded database and, when TEST_DATABASE_URL is set (CI sets
// it), once more on PostgreSQL.
const apiFiles = ['tests/api/**/*.test.ts'];
// A migrated database made once per run, which each test server's database copies.
const globalSetup = ['tests/helpers/global-setup.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Two test files at a time even on two cores (Vitest's default there is one): most of a file's
    // time is spent waiting on its server, the database or a child process.
    maxWorkers: 2,
    hookTimeout: 60_000,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { test: { name: 'api-sqlite', include: apiFiles, env: { TEST_DB: 'sqlite' }, globalSetup } },
      {
        test: {
          name: 'durability',
          include: ['tests/durability/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'api-postgres',
                include: [...apiFiles, 'tests/postgres/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                globalSetup,
              },
            },
          ]
        : []),
    ],
  },
});
