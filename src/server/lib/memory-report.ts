// For the benchmarks (bench/memory.ts): with MEMORY_REPORT_FILE set, SIGUSR2 makes the process
// write its memory figures, as JSON, to that file: process.memoryUsage() (RSS, V8's heap, external
// memory, ArrayBuffers), V8's heap statistics, per space, and the garbage collector's pauses so
// far. Nothing is reachable over HTTP; a signal can only come from the process's own user (or
// root). Unset, nothing is installed.
import fs from 'node:fs';
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
}

export interface GcPauses {
  count: number;
  /** Milliseconds the main thread was paused, in all. */
  ms: number;
}

const pauses = { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 } };

export function memoryReport(): MemoryReport {
  return {
    gc: { minor: { ...pauses.minor }, major: { ...pauses.major } },
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
