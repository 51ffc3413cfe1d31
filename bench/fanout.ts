// npm run bench:fanout — realtime fan-out: 500 signed-in event streams are open; an admin renames
// the center; how long until the last stream has the event? Five broadcasts, on the embedded
// database and on PostgreSQL (where the event travels through NOTIFY).
//   node bench/fanout.ts [--db sqlite|postgres|both] [--streams 500] [--rounds 5]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEventStream } from '../tests/helpers/event-stream.ts';
import { startServerProcess } from '../tests/helpers/server-process.ts';
import { TestClient } from '../tests/helpers/test-server.ts';
import { rssMiB, scratchDatabase } from './lib.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    streams: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '5' },
  },
});
const STREAMS = Number(args.streams);
const ROUNDS = Number(args.rounds);
const ADMIN = { email: 'admin@fanout.bench', password: 'fanout-bench-password' };

async function run(dialect: 'sqlite' | 'postgres') {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-fanout-'));
  const scratch = await scratchDatabase(dialect, 'edu_bench_fanout');
  const { databaseUrl } = scratch;
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    60_000,
  );
  try {
    const admin = new TestClient(server.baseUrl);
    await admin.login(ADMIN.email, ADMIN.password);
    // Ten signed-in users, each with STREAMS / 10 tabs open.
    const cookies: string[] = [];
    for (let i = 0; i < 10; i++) {
      const user = new TestClient(server.baseUrl);
      await user.login(ADMIN.email, ADMIN.password);
      cookies.push(user.cookie!);
    }
    const streams = await Promise.all(
      Array.from({ length: STREAMS }, (_, i) => openEventStream(server.baseUrl, cookies[i % 10])),
    );
    await Promise.all(streams.map((s) => s.next('ready', 30_000)));
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const sent = performance.now();
      const arrivals = streams.map((s) =>
        s.next('center-settings.updated', 30_000).then(() => performance.now() - sent),
      );
      await admin.patch('/api/center-settings', { center_name: `Fan-out ${round}` });
      times.push(Math.max(...(await Promise.all(arrivals))));
    }
    const rss = await rssMiB(server.child.pid);
    for (const s of streams) s.close();
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)]!, worst: times.at(-1)!, rss };
  } finally {
    await server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

console.log(
  `## bench:fanout — ${new Date().toISOString()}, ${STREAMS} open event streams, ${ROUNDS} broadcasts\n`,
);
console.log('| database | median ms until the last stream has it | worst ms | server RSS MiB |');
console.log('|---|---:|---:|---:|');
const dialects =
  args.db === 'both' ? (['sqlite', 'postgres'] as const) : ([args.db as 'sqlite'] as const);
for (const dialect of dialects) {
  const r = await run(dialect);
  console.log(`| ${dialect} | ${r.median.toFixed(1)} | ${r.worst.toFixed(1)} | ${r.rss ?? ''} |`);
}
