// For the benchmarks (bench/memory.ts): with MEMORY_REPORT_FILE set, SIGUSR2 makes the process
// write its memory figures, as JSON, to that file: process.memoryUsage() (RSS, V8's heap, external
// memory, ArrayBuffers), V8's heap statistics, per space, and the garbage collector's pauses so
// far. Nothing is reachable over HTTP; a signal can only come from the process's own user (or
// root). Unset, nothing is installed.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

export interface MemoryReport {
  /** process.memoryUsage(), bytes. */
  usage: NodeJS.MemoryUsage;
  /** v8.getHeapStatistics(), bytes. */
  heap: v8.HeapInfo;
  /** Each V8 heap space's used and committed size, bytes. */
  spaces: { name: string; used: number; size: number }[];
  /** Garbage collections since the report was installed: young generation, and the rest. */
  gc: { minor: GcPauses; major: GcPauses };
  /**
   * The npm packages loaded through require so far (CommonJS ones, and those loaded on first
   * use by lib/lazy-require.ts and lib/exceljs.ts): what a start-up pays for is visible.
   */
  packages: string[];
}

export interface GcPauses {
  count: number;
  /** Milliseconds the main thread was paused, in all. */
  ms: number;
}

const require = createRequire(import.meta.url);

/** 'pg', '@fastify/static': the package of every module in require's cache, once each. */
function loadedPackages(): string[] {
  const names = new Set<string>();
  for (const file of Object.keys(require.cache)) {
    const parts = file.split(/[\\/]node_modules[\\/]/);
    if (parts.length < 2) continue;
    const [scope, name] = parts.at(-1)!.split(/[\\/]/);
    names.add(scope?.startsWith('@') ? `${scope}/${name}` : scope!);
  }
  return [...names].sort();
}

const pauses = { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 } };

export function memoryReport(): MemoryReport {
  return {
    gc: { minor: { ...pauses.minor }, major: { ...pauses.major } },
    packages: loadedPackages(),
    usage: process.memoryUsage(),
    heap: v8.getHeapStatistics(),
    spaces: v8.getHeapSpaceStatistics().map((space) => ({
      name: space.space_name,
      used: space.space_used_size,
      size: space.space_size,
    })),
  };
}

/** Writes a report to `file` on every SIGUSR2 (whole: written aside, then renamed). */
export function installMemoryReport(file: string): () => void {
  const write = () => {
    const aside = `${file}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(aside, JSON.stringify(memoryReport()));
      fs.renameSync(aside, file);
    } catch (error) {
      console.error('the memory report could not be written:', error);
    }
  };
  process.on('SIGUSR2', write);
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const young =
        kind === constants.NODE_PERFORMANCE_GC_MINOR ||
        kind === constants.NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP;
      const bucket = young ? pauses.minor : pauses.major;
      bucket.count++;
      bucket.ms += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    process.off('SIGUSR2', write);
    observer.disconnect();
  };
}

/**
 * One full collection a few seconds after start-up, of the kind V8 runs when memory is short
 * ('last-resort': collects until nothing more is freed, compacts the old generation and shrinks
 * the young one) (docs/decisions/047-memory.md). Start-up allocates fast (modules compiled,
 * schemas built) but never fills the old generation, so V8 runs no full collection and its
 * memory reducer, which only starts after one, never shrinks what start-up left: the young
 * generation stays at its grown 2 × 8 MiB and the dead objects stay committed. Measured on the
 * idle server: a regular collection left 64 MiB of heap committed and ~158 MiB of RSS; this one
 * 37 MiB and ~135 MiB, for one pause of ~80 ms, once. The young generation grows back to its
 * limit under load as before. Needs `--expose-gc` on the command line (`npm start`, the systemd
 * unit); without it nothing happens. Asynchronous: V8 runs it between two tasks, never inside a
 * request.
 */
export function collectStartUpGarbage(delayMs = 5_000): void {
  type Collect = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => void;
  const gc = (globalThis as { gc?: Collect }).gc;
  if (!gc) return;
  setTimeout(
    () => gc({ type: 'major', execution: 'async', flavor: 'last-resort' }),
    delayMs,
  ).unref();
}
