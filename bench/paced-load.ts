// An open-loop load at a fixed rate, evenly spaced: request i is due at start + i / rate, sent
// then whatever the earlier ones are doing, and its latency counts from when it was due (so a
// late send, or a server that falls behind, shows in the figures: no coordinated omission).
//
// Not autocannon's -R: it gives each connection a budget per second that resets every second,
// and a connection spends it at once (node_modules/autocannon/lib/httpClient.js: reqsMadeThisSecond),
// so "1,000 req/s" arrives as a burst of 1,000 at the start of every second and the latencies
// measure that queue.
import http from 'node:http';
import type { LoadResult } from './lib.ts';

export async function runPacedLoad(
  name: string,
  options: { url: string; rate: number; durationSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(options.rate * options.durationSeconds);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  let settled = 0;
  const start = performance.now();
  const { promise: finished, resolve } = Promise.withResolvers<void>();

  const send = (dueAt: number) => {
    const request = http.get(options.url, { agent, headers: options.headers }, (response) => {
      response.resume();
      response.on('end', () => {
        latencies.push(performance.now() - dueAt);
        if (response.statusCode === undefined || response.statusCode >= 300) non2xx++;
        if (++settled === total) resolve();
      });
    });
    request.on('error', () => {
      errors++;
      if (++settled === total) resolve();
    });
  };

  // Every turn of the event loop sends whatever has come due (timers fire about once a
  // millisecond, so at 2,000 req/s a turn sends two or three).
  const pace = () => {
    const now = performance.now();
    while (sent < total && start + sent * intervalMs <= now) {
      send(start + sent * intervalMs);
      sent++;
    }
    if (sent < total) setTimeout(pace, Math.max(0, start + sent * intervalMs - performance.now()));
  };
  pace();
  await finished;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    requestsPerSecond: Math.round(settled / ((performance.now() - start) / 1000)),
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    p999: round(at(0.999)),
    errors,
    non2xx,
    total: settled,
  };
}
