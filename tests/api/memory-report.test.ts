// MEMORY_REPORT_FILE (for the benchmarks, bench/memory.ts): the running server writes its memory
// figures there when sent SIGUSR2, and keeps answering.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MemoryReport } from '#server/lib/memory-report.ts';
import { PRODUCTION_NODE_FLAGS } from '../../bench/memory.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

let database: TestDatabase;
let dataDir: string;
let server: ServerProcess;
let reportFile: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-memory-report-'));
  reportFile = path.join(dataDir, 'memory.json');
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      MEMORY_REPORT_FILE: reportFile,
    },
    60_000,
    PRODUCTION_NODE_FLAGS,
  );
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The report the server writes on SIGUSR2. */
async function askReport(): Promise<MemoryReport> {
  server.child.kill('SIGUSR2');
  return readReport();
}

/** The report the server writes after a SIGUSR2 (the file is removed first). */
async function readReport(): Promise<MemoryReport> {
  let text: string | undefined;
  for (let waited = 0; waited < 5_000 && text === undefined; waited += 50) {
    text = await fs.readFile(reportFile, 'utf8').catch(() => undefined);
    if (text === undefined) await sleep(50);
  }
  await fs.rm(reportFile, { force: true });
  return JSON.parse(text!) as MemoryReport;
}

test('SIGUSR2 writes the memory figures to the file, and the server goes on', async () => {
  await expect(fs.access(reportFile)).rejects.toThrow();
  server.child.kill('SIGUSR2');
  const report = await readReport();
  expect(report.usage.rss).toBeGreaterThan(0);
  expect(report.usage.heapUsed).toBeGreaterThan(0);
  expect(report.usage.heapUsed).toBeLessThanOrEqual(report.usage.heapTotal);
  expect(report.heap.total_heap_size).toBeGreaterThan(0);
  expect(report.spaces.map((s) => s.name)).toContain('old_space');
  expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
});

test('start-up loads no package it does not need yet: the PostgreSQL driver only on PostgreSQL, none of the file readers and writers, no mailer', async () => {
  server.child.kill('SIGUSR2');
  const report = await readReport();
  expect(report.packages).toContain('fastify');
  for (const onFirstUse of ['exceljs', 'nodemailer', 'qrcode', 'csv-parse', 'csv-stringify']) {
    expect(report.packages).not.toContain(onFirstUse);
  }
  if (database.databaseUrl) expect(report.packages).toContain('pg');
  else expect(report.packages).not.toContain('pg');
});

test('once start-up is done, one full collection gives back what it left (the young generation shrinks, the old one is compacted)', async () => {
  // collectStartUpGarbage runs 5 s after listening (src/server/lib/memory-report.ts); start-up
  // leaves the young generation at its largest (2 × 8 MiB) and nothing else shrinks it at idle.
  const space = (report: MemoryReport, name: string) =>
    report.spaces.find((each) => each.name === name)!;
  const newSpace = (report: MemoryReport) => space(report, 'new_space').size;
  let report = await askReport();
  for (let waited = 0; waited < 20_000 && newSpace(report) >= 8 * 1_048_576; waited += 500) {
    await sleep(500);
    report = await askReport();
  }
  expect(report.gc.major.count).toBeGreaterThan(0);
  // A memory-reducing collection: one semi-space page left, and the old generation compacted
  // (a regular one left ~15 MiB and ~20 % of the old generation committed but unused).
  expect(newSpace(report)).toBeLessThanOrEqual(2 * 1_048_576);
  const oldSpace = space(report, 'old_space');
  expect(oldSpace.size).toBeLessThan(oldSpace.used * 1.1);
});
