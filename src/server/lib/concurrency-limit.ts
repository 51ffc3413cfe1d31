// At most `max` of these tasks at once; the rest wait in line, first come first served, and none
// fails for waiting. For work whose cost is memory as much as time (argon2 takes 19 MiB a hash).
export function concurrencyLimit(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, or give it back.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
