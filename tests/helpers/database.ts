// A fresh database for each test file: a temporary SQLite directory, or a new PostgreSQL
// database on the server TEST_DATABASE_URL points at (dropped afterwards).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

export async function createTestDatabase(dialect = testDialect()): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-test-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { dataDir, drop: removeDir };

  const name = `edu_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
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
