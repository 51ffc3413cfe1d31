// Long lists of values go to the database in parts: one statement binds at most a few thousand
// values on SQLite and 65,535 on PostgreSQL.

/** Rows (or ids) per statement: well under either database's limit on bound values. */
export const ROWS_PER_STATEMENT = 500;

export const chunks = <T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
