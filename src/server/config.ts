// The one place that reads process.env: parsed with zod at start-up, every bad or missing
// variable named in the error, exported as a typed object.
import path from 'node:path';
import { z } from 'zod';
import { providerSettings } from './features/providers/installed.ts';
import { parseSecretsKey } from './lib/secret-box.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().optional().default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional().default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).optional().default(3000),
    HOST: z.string().min(1).optional().default('0.0.0.0'),
    // Listening sockets on the port (Linux; see src/server/http/listen.ts). 1: a single one.
    HTTP_ACCEPTORS: z.coerce.number().int().min(1).max(256).optional().default(32),
    DATA_DIR: z.string().min(1).optional().default('./data'),
    DATABASE_URL: optionalText.refine(
      (url) => url === undefined || /^postgres(ql)?:\/\//.test(url),
      'must start with postgres:// or postgresql://',
    ),
    DATABASE_POOL_SIZE: positiveInt(10),
    // Where uploaded files live: 'local' (DATA_DIR/files) or 'database' (the stored_files table,
    // shared by every host on one PostgreSQL database). Unset: 'database' with DATABASE_URL.
    FILE_STORAGE: z.enum(['local', 'database']).optional(),
    ADMIN_EMAIL: optionalText.refine(
      (email) => email === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email),
      'must be an email address',
    ),
    ADMIN_PASSWORD: optionalText.refine(
      (password) => password === undefined || password.length >= 6,
      'must be at least 6 characters',
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .optional()
      .default('info'),
    PUBLIC_ORIGIN: optionalText.refine(
      (origin) => origin === undefined || URL.canParse(origin),
      'must be a URL such as https://edu.example.com',
    ),
    // The key that seals secrets kept in the database (lib/secret-box.ts); unset: a key generated
    // once in DATA_DIR/secrets.key. Several hosts on one database must share it.
    SECRETS_KEY: optionalText.refine(
      (key) => key === undefined || parseSecretsKey(key) !== undefined,
      'must be 32 bytes: 64 hex digits, or their base64 (openssl rand -hex 32)',
    ),
    TRUST_PROXY: booleanFlag,
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).optional().default('auto'),
    SESSION_IDLE_HOURS: positiveInt(24 * 7),
    // Event streams send a keep-alive this often, and check then that their session still stands.
    EVENT_STREAM_HEARTBEAT_SECONDS: positiveInt(25),
    SESSION_MAX_DAYS: positiveInt(30),
    // Sign-in throttle (docs/decisions/002): failures allowed for one email from one address in
    // the window; for one email from addresses it never signed in from, per day; and from one
    // address across emails, in the window.
    LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(5),
    LOGIN_MAX_FAILURES_PER_EMAIL_PER_DAY: positiveInt(100),
    LOGIN_MAX_FAILURES_PER_IP: positiveInt(100),
    LOGIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
    // Attendance: present from this share of the lesson on; late when the first join came more
    // than this many minutes after the start.
    ATTENDANCE_PRESENT_PERCENT: z.coerce.number().int().min(1).max(100).optional().default(50),
    ATTENDANCE_LATE_MINUTES: z.coerce.number().int().min(0).max(720).optional().default(10),
    // How long before its start time a lesson may be started (and so hold a pool account).
    EARLY_START_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(366 * 24 * 60)
      .optional()
      .default(30),
    // How often each process looks for e-mails to send (docs/decisions/039-email.md).
    EMAIL_SEND_INTERVAL_SECONDS: positiveInt(5),
    // Browser tests only: lets PUT /api/test/clock set the server's time. Never in production.
    TEST_CLOCK: booleanFlag,
    // Benchmarks only: SIGUSR2 writes the process's memory figures to this file
    // (lib/memory-report.ts). Nothing over HTTP.
    MEMORY_REPORT_FILE: optionalText,
    CENTER_TIMEZONE: z
      .string()
      .optional()
      .default('Asia/Ho_Chi_Minh')
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as Asia/Ho_Chi_Minh'),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  // Links the server writes (calendar feeds, e-mails, webhooks) never follow the request's Host
  // header (issue 30 point 8): in production they need the address users open.
  .refine((env) => env.NODE_ENV !== 'production' || Boolean(env.PUBLIC_ORIGIN), {
    message:
      'must be set when NODE_ENV=production: the address users open, such as https://edu.example.com (links in e-mails and calendar feeds are built from it)',
    path: ['PUBLIC_ORIGIN'],
  });

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  // Each installed video provider reads its own variables (features/providers/).
  const providers = providerSettings(env);
  const lines = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map(
          (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
        )),
    ...(providers.issues ?? []),
  ];
  if (!parsed.success || !providers.settings) {
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    httpAcceptors: e.HTTP_ACCEPTORS,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    fileStorage: e.FILE_STORAGE ?? (e.DATABASE_URL ? 'database' : 'local'),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    /** PUBLIC_ORIGIN as set (always in production); see lib/public-origin.ts for the links. */
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    /**
     * Development and tests without PUBLIC_ORIGIN: links name this machine. server.ts puts the
     * port actually listened on here (tests listen on port 0).
     */
    localOrigin: `http://localhost:${e.PORT}`,
    secretsKey: e.SECRETS_KEY ? parseSecretsKey(e.SECRETS_KEY) : undefined,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    eventStreamHeartbeatMs: e.EVENT_STREAM_HEARTBEAT_SECONDS * 1000,
    session: {
      idleMs: e.SESSION_IDLE_HOURS * 3_600_000,
      maxAgeMs: e.SESSION_MAX_DAYS * 86_400_000,
    },
    loginThrottle: {
      maxFailuresPerPair: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerEmailPerDay: e.LOGIN_MAX_FAILURES_PER_EMAIL_PER_DAY,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    },
    centerTimezone: e.CENTER_TIMEZONE,
    earlyStartMs: e.EARLY_START_MINUTES * 60_000,
    attendance: {
      presentPercent: e.ATTENDANCE_PRESENT_PERCENT,
      lateMs: e.ATTENDANCE_LATE_MINUTES * 60_000,
    },
    emailIntervalMs: e.EMAIL_SEND_INTERVAL_SECONDS * 1000,
    testClock: e.TEST_CLOCK,
    memoryReportFile: e.MEMORY_REPORT_FILE ? path.resolve(e.MEMORY_REPORT_FILE) : undefined,
    providers: providers.settings,
    /** The built web app; served when it exists. */
    webRoot: path.resolve(import.meta.dirname, '../../dist/web'),
  };
}
