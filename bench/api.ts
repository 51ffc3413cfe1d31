// npm run bench:api — sign-in and GET /api/auth/session at 50 connections on the embedded
// database with 1,000 generated users, beside a bare Fastify route in the same run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { openDatabase } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { freePort } from '../tests/helpers/server-process.ts';
import { rssMiB, runLoad, signInCookie, spawnNode, stop, table, waitForHttp } from './lib.ts';

const USERS = 1_000;
const PASSWORD = 'bench-password';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edu-bench-'));

// Generated data: 1,000 active students sharing one password hash (hashing each separately
// would only slow the set-up down).
{
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle);
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  await handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < USERS; i++) {
      const authId = randomUUID();
      await trx
        .insertInto('auth_credentials')
        .values({
          auth_id: authId,
          password_hash: passwordHash,
          must_change_password: false,
          password_changed_at: now,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('users')
        .values({
          user_id: randomUUID(),
          auth_id: authId,
          email: `student${i}@bench.local`,
          full_name: `Student ${i}`,
          role: 'student',
          username: `student${i}_0000`,
          is_active: true,
          avatar_url: null,
          phone: null,
          created_at: now,
          updated_at: now,
          created_by: null,
        })
        .execute();
    }
  });
  await handle.close();
}

const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'admin@bench.local',
  ADMIN_PASSWORD: PASSWORD,
  // The benchmark signs in thousands of times from one address on purpose.
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
};

const baselinePort = await freePort();
const baseline = spawnNode(['bench/baseline-server.ts', String(baselinePort)]);
const port = await freePort();
const server = spawnNode(['src/server/main.ts'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${port}`;
try {
  const coldStartMs = await waitForHttp(`${baseUrl}/api/health`);
  await waitForHttp(`http://127.0.0.1:${baselinePort}/constant`);

  const cookie = await signInCookie(baseUrl, 'student1@bench.local', PASSWORD);

  const bare = await runLoad('bare Fastify constant route', {
    url: `http://127.0.0.1:${baselinePort}/constant`,
  });
  const session = await runLoad('GET /api/auth/session (signed in)', {
    url: `${baseUrl}/api/auth/session`,
    headers: { cookie },
  });
  let next = 0;
  const signIn = await runLoad('POST /api/auth/login (argon2id verify)', {
    url: `${baseUrl}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            email: `student${next++ % USERS}@bench.local`,
            password: PASSWORD,
          }),
        }),
      },
    ],
  });
  const memory = await rssMiB(server.pid);

  // A restart on the data it already has: how long until it answers.
  await stop(server);
  const restarted = spawnNode(['src/server/main.ts'], {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const warmStartMs = await waitForHttp(`${baseUrl}/api/health`);
  await stop(restarted);

  console.log(`\n## bench:api — ${new Date().toISOString()}`);
  console.log(
    `Machine: ${os.cpus().length} cores, Node ${process.version}, embedded SQLite, ${USERS} users, 50 connections, 10 s each\n`,
  );
  console.log(table([session, signIn], bare));
  console.log(`\nServer memory (RSS) after the runs: ${memory ?? '?'} MiB`);
  console.log(
    `Start-up until /api/health answers: first start ${coldStartMs} ms (migrations, first admin), restart on existing data ${warmStartMs} ms`,
  );
} finally {
  await stop(server);
  await stop(baseline);
  await fs.rm(dataDir, { recursive: true, force: true });
}
