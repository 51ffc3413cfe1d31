// Once per test run (vitest globalSetup of the API projects): a database migrated to the latest
// schema, which every test server's fresh database starts as a copy of (tests/helpers/database.ts),
// instead of each of the ~170 test servers per database running all the migrations itself (about
// a second each). Migration tests still start from an empty database (early-database.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, SQLITE_FILE_NAME } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file to copy. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database to create databases from (TEMPLATE), when one is set up. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-test-template-'));
  const sqlite = openDatabase({ dataDir: dir });
  await migrateToLatest(sqlite);
  await sqlite.close();
  project.provide('sqliteTemplate', path.join(dir, SQLITE_FILE_NAME));

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (project.config.env?.TEST_DB === 'postgres' && serverUrl) {
    template = `edu_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const handle = openDatabase({ dataDir: dir, databaseUrl: url.toString() });
    await migrateToLatest(handle);
    await handle.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    if (template && serverUrl) {
      await adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
