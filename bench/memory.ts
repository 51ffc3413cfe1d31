// A server's memory as the benchmarks report it: resident memory from /proc (all of it, and its
// anonymous and file-backed parts), and V8's own figures, which the server writes to
// MEMORY_REPORT_FILE when sent SIGUSR2 (src/server/lib/memory-report.ts). RSS minus what V8 and
// the ArrayBuffers hold is native memory: malloc's arenas, SQLite's page cache, the code.
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MemoryReport } from '#server/lib/memory-report.ts';

export interface MemoryFigures {
  part: string;
  /** MiB, from /proc/<pid>/status. */
  rss?: number;
  rssAnon?: number;
  rssFile?: number;
  /** MiB, from the server's report. */
  heapUsed?: number;
  heapTotal?: number;
  external?: number;
  arrayBuffers?: number;
  /** Committed size of the old space and the new space (the young generation). */
  oldSpace?: number;
  newSpace?: number;
  /** Garbage collections since start-up: young generation, and the rest (count, ms paused). */
  gc?: MemoryReport['gc'];
}

/**
 * How the server runs in production (deploy/edu-center.service, `npm start`): a young generation
 * of at most 2 × 8 MiB, one full collection once start-up is done (--expose-gc lets the server
 * ask for it: src/server/lib/memory-report.ts) and at most two malloc arenas
 * (docs/decisions/047-memory.md). The benches that report its memory start it the same way;
 * tests/unit/production-node-flags.test.ts holds npm start and the unit to the same.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=8', '--expose-gc'];
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

const mib = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

async function procStatus(pid: number) {
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => {
      const value = status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1];
      return value === undefined ? undefined : Math.round(Number(value) / 102.4) / 10;
    };
    return { rss: kb('VmRSS'), rssAnon: kb('RssAnon'), rssFile: kb('RssFile') };
  } catch {
    return {};
  }
}

/** Asks the server (started with MEMORY_REPORT_FILE=file) for its report; undefined if none. */
async function askReport(pid: number, file: string): Promise<MemoryReport | undefined> {
  await fs.rm(file, { force: true });
  try {
    process.kill(pid, 'SIGUSR2');
  } catch {
    return undefined;
  }
  for (let waited = 0; waited < 5_000; waited += 20) {
    try {
      return JSON.parse(await fs.readFile(file, 'utf8')) as MemoryReport;
    } catch {
      await sleep(20);
    }
  }
  return undefined;
}

/** RSS first (asking for the report allocates a little), then V8's figures. */
export async function memoryFigures(
  part: string,
  pid: number | undefined,
  reportFile: string,
): Promise<MemoryFigures> {
  if (!pid) return { part };
  const figures: MemoryFigures = { part, ...(await procStatus(pid)) };
  const report = await askReport(pid, reportFile);
  if (!report) return figures;
  const space = (name: string) => report.spaces.find((s) => s.name === name)?.size;
  const oldSpace = space('old_space');
  const newSpace = space('new_space');
  return {
    ...figures,
    heapUsed: mib(report.usage.heapUsed),
    heapTotal: mib(report.usage.heapTotal),
    external: mib(report.usage.external),
    arrayBuffers: mib(report.usage.arrayBuffers),
    oldSpace: oldSpace === undefined ? undefined : mib(oldSpace),
    newSpace: newSpace === undefined ? undefined : mib(newSpace),
    gc: report.gc,
  };
}

/** eachSinceStart: rows of different processes, each one's collections since its start-up. */
export function memoryTable(
  rows: MemoryFigures[],
  options: { eachSinceStart?: boolean } = {},
): string {
  const cell = (value: number | undefined) => (value === undefined ? '?' : String(value));
  // RSS less V8's heap and the external memory it knows of: native allocations and code.
  const other = (r: MemoryFigures) =>
    r.rss === undefined || r.heapTotal === undefined || r.external === undefined
      ? undefined
      : Math.round((r.rss - r.heapTotal - r.external) * 10) / 10;
  // Collections since the row before (since start-up for the first, or for each).
  const pauses = (r: MemoryFigures, before: MemoryFigures | undefined) => {
    if (!r.gc) return '?';
    const since = (kind: 'minor' | 'major') => {
      const count = r.gc![kind].count - (before?.gc?.[kind].count ?? 0);
      const ms = r.gc![kind].ms - (before?.gc?.[kind].ms ?? 0);
      return `${count} / ${Math.round(ms)} ms`;
    };
    return `${since('minor')} | ${since('major')}`;
  };
  return [
    '| server memory, MiB | RSS | of it anonymous | of it file-backed | V8 heap used | V8 heap committed | of it old space | of it new space | external (of it ArrayBuffers) | RSS − heap − external | young-generation GCs since the row above (or start-up) / paused | other GCs / paused |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r, i) =>
        `| ${r.part} | ${cell(r.rss)} | ${cell(r.rssAnon)} | ${cell(r.rssFile)} | ${cell(r.heapUsed)} | ${cell(r.heapTotal)} | ${cell(r.oldSpace)} | ${cell(r.newSpace)} | ${cell(r.external)} (${cell(r.arrayBuffers)}) | ${cell(other(r))} | ${pauses(r, options.eachSinceStart ? undefined : rows[i - 1])} |`,
    ),
  ].join('\n');
}
