// Assembles a running server from a configuration: database, migrations, first admin, hub,
// files, HTTP app. Used by main.ts and by tests that need a real server.
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from './app.ts';
import { ensureAdmin } from './bootstrap-admin.ts';
import type { Config } from './config.ts';
import { type AppContext, type Clock, systemClock } from './context.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startAttendanceReports } from './features/attendance/index.ts';
import { startAuditPruning } from './features/audit/index.ts';
import { startBackupSchedule, waitForBackups } from './features/backups/index.ts';
import { startEmailOutbox } from './features/email/index.ts';
import { openFileStorage } from './features/files/open-storage.ts';
import { startLessonExpiry } from './features/meetings/lesson-lifecycle.ts';
import { startLessonReminders } from './features/notifications/index.ts';
import { configuredProviders } from './features/providers/installed.ts';
import { startRecordingJobs } from './features/recordings/index.ts';
import { startInvoiceReminders } from './features/tuition/index.ts';
import { type Listening, listen } from './http/listen.ts';
import { createDomainEvents } from './lib/domain-events.ts';
import { createLocalHub, createPostgresHub } from './realtime/hub.ts';
import { SettableClock } from './testing/test-clock.ts';

export interface Server {
  app: FastifyInstance;
  ctx: AppContext;
  /** Starts answering on the configured port and host (or those given); returns the address. */
  listen(where?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function createServer(
  config: Config,
  options: {
    clock?: Clock;
    print?: (text: string) => void;
    /** false: no background jobs (tests that run the lesson jobs by hand, at chosen instants). */
    jobs?: boolean;
    /** Where the log goes and in which form (app.ts). */
    log?: AppOptions['log'];
  } = {},
): Promise<Server> {
  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
  });
  try {
    await migrateToLatest(database);
    const events =
      database.pgPool && database.databaseUrl
        ? createPostgresHub(database.databaseUrl, database.pgPool)
        : createLocalHub();
    const clock = options.clock ?? (config.testClock ? new SettableClock() : systemClock);
    const ctx: AppContext = {
      config,
      database,
      events,
      domainEvents: createDomainEvents(),
      files: await openFileStorage(config, database, clock),
      clock,
      providers: configuredProviders(config.providers, clock),
    };
    await ensureAdmin(ctx, options.print);
    const app = await buildApp(ctx, { log: options.log });
    const stopExpiry = options.jobs === false ? () => {} : startLessonExpiry(ctx, app.log);
    const stopReminders = options.jobs === false ? () => {} : startLessonReminders(ctx, app.log);
    const stopInvoiceReminders =
      options.jobs === false ? () => {} : startInvoiceReminders(ctx, app.log);
    const stopAttendanceReports =
      options.jobs === false ? () => {} : startAttendanceReports(ctx, app.log);
    const stopRecordingJobs = options.jobs === false ? () => {} : startRecordingJobs(ctx, app.log);
    const stopEmailOutbox = options.jobs === false ? () => {} : startEmailOutbox(ctx, app.log);
    const stopBackups = options.jobs === false ? () => {} : startBackupSchedule(ctx, app.log);
    const stopAuditPruning = options.jobs === false ? () => {} : startAuditPruning(ctx, app.log);
    let listening: Listening | undefined;
    return {
      app,
      ctx,
      async listen(where = {}) {
        listening = await listen(app, {
          port: where.port ?? config.port,
          host: where.host ?? config.host,
          acceptors: config.httpAcceptors,
        });
        // Without PUBLIC_ORIGIN (development, tests), links name the port really listened on.
        if (!config.publicOrigin) {
          config.localOrigin = `http://localhost:${new URL(listening.address).port}`;
        }
        return listening.address;
      },
      async close() {
        stopExpiry();
        stopReminders();
        stopInvoiceReminders();
        stopAttendanceReports();
        stopRecordingJobs();
        stopEmailOutbox();
        stopBackups();
        stopAuditPruning();
        await listening?.close();
        // A backup under way finishes (or fails) before its database closes.
        await waitForBackups(ctx);
        await app.close();
        await events.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
