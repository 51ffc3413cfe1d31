// Recognising database errors the same way on SQLite and PostgreSQL.

interface DriverError {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;

export function isUniqueViolation(error: unknown): boolean {
  const e = error as DriverError;
  return (
    e?.code === '23505' ||
    e?.errcode === SQLITE_CONSTRAINT_UNIQUE ||
    e?.errcode === SQLITE_CONSTRAINT_PRIMARYKEY
  );
}

export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as DriverError;
  return e?.code === '23503' || e?.errcode === SQLITE_CONSTRAINT_FOREIGNKEY;
}

/** The database cannot be reached right now (server down, restarting, or out of connections). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as DriverError;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '53300',
    ].includes(code) ||
    code.startsWith('08') ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    ) ||
    e?.errcode === 5 /* SQLITE_BUSY */
  );
}
