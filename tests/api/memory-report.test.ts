// MEMORY_REPORT_FILE (for the benchmarks, bench/memory.ts): the running server writes its memory
// figures there when sent SIGUSR2, and keeps answering.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MemoryReport } from '#server/lib/memory-report.ts';
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
  );
});
afterAll(async () => {
  await server?.kill('SIGTERM');
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

test('SIGUSR2 writes the memory figures to the file, and the server goes on', async () => {
  await expect(fs.access(reportFile)).rejects.toThrow();
  server.child.kill('SIGUSR2');
  let text: string | undefined;
  for (let waited = 0; waited < 5_000 && text === undefined; waited += 50) {
    text = await fs.readFile(reportFile, 'utf8').catch(() => undefined);
    if (text === undefined) await sleep(50);
  }
  const report = JSON.parse(text!) as MemoryReport;
  expect(report.usage.rss).toBeGreaterThan(0);
  expect(report.usage.heapUsed).toBeGreaterThan(0);
  expect(report.usage.heapUsed).toBeLessThanOrEqual(report.usage.heapTotal);
  expect(report.heap.total_heap_size).toBeGreaterThan(0);
  expect(report.spaces.map((s) => s.name)).toContain('old_space');
  expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
});
