// A fresh database for each test file: a temporary SQLite directory, or a new PostgreSQL
// database on the server TEST_DATABASE_URL points at (dropped afterwards).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { SQLITE_FILE_NAME } from '#server/db/connection.ts';

export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

function postgresServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/postgres)',
    );
  }
  return url;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The migrated database of this run to start from (tests/helpers/global-setup.ts), or undefined
 * outside the API projects (unit tests, or a project without the global setup).
 */
function template(dialect: TestDialect): string | undefined {
  try {
    return (
      (dialect === 'sqlite' ? inject('sqliteTemplate') : inject('postgresTemplate')) ?? undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * A fresh database. `migrated`: a copy of this run's migrated database, when there is one (the
 * server's start then finds nothing to migrate); otherwise empty, and the server migrates it.
 */
export async function createTestDatabase(
  dialect = testDialect(),
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-test-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  const from = options.migrated ? template(dialect) : undefined;
  if (dialect === 'sqlite') {
    if (from) await fs.copyFile(from, path.join(dataDir, SQLITE_FILE_NAME));
    return { dataDir, drop: removeDir };
  }

  const name = `edu_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) =>
    client.query(from ? `create database ${name} template ${from}` : `create database ${name}`),
  );
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await withAdminClient((client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
      await removeDir();
    },
  };
}
