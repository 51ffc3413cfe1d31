// For the benchmarks (bench/memory.ts): with MEMORY_REPORT_FILE set, SIGUSR2 makes the process
// write its memory figures, as JSON, to that file: process.memoryUsage() (RSS, V8's heap, external
// memory, ArrayBuffers) and V8's heap statistics, per space. Nothing is reachable over HTTP; a
// signal can only come from the process's own user (or root). Unset, nothing is installed.
import fs from 'node:fs';
import v8 from 'node:v8';

export interface MemoryReport {
  /** process.memoryUsage(), bytes. */
  usage: NodeJS.MemoryUsage;
  /** v8.getHeapStatistics(), bytes. */
  heap: v8.HeapInfo;
  /** Each V8 heap space's used and committed size, bytes. */
  spaces: { name: string; used: number; size: number }[];
}

export function memoryReport(): MemoryReport {
  return {
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
  return () => process.off('SIGUSR2', write);
}
