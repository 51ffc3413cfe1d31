// product.md §9: console output is silenced unless the logging flag equals 'true'. The flag is the
// build variable VITE_ENABLE_LOGGING, or localStorage 'edu:logging' for a running site.
const flag =
  import.meta.env.VITE_ENABLE_LOGGING ??
  (typeof localStorage !== 'undefined' ? localStorage.getItem('edu:logging') : null);

export const loggingEnabled = flag === 'true';

export function silenceConsoleUnlessEnabled(): void {
  if (loggingEnabled) return;
  const quiet = () => {};
  for (const method of ['log', 'info', 'debug', 'warn', 'error'] as const) console[method] = quiet;
}
