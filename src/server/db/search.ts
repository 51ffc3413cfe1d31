// Searching the folded columns (migration 015) with what was typed, folded by the same function
// (#common/search.ts), the same way on SQLite and PostgreSQL.
import { type Expression, type Kysely, type SqlBool, SqliteAdapter, sql } from 'kysely';
import { foldForSearch } from '#common/search.ts';

/** The folded name to store beside a name, on every insert or update of it. */
export function searchName(name: string): string {
  return foldForSearch(name);
}

/**
 * `column` contains `folded` (already folded: searchQuery). LIKE wildcards typed by the user are
 * escaped, with an explicit ESCAPE both databases read alike (PostgreSQL's default escape is a
 * backslash, SQLite has none).
 */
export function containsFolded(column: Expression<string>, folded: string) {
  const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/** Trigrams: the shortest text the trigram index of users can look up (migration 046). */
const TRIGRAM = 3;

/**
 * A user (the `users` table, or its alias `table`) whose folded name or e-mail contains `folded`,
 * found through the trigram index of migration 046 rather than by reading every user.
 * PostgreSQL: containsFolded as it is (its GIN trigram indexes serve that LIKE). SQLite: the
 * users the FTS5 trigram table `users_search` finds with the text as one phrase (a substring of
 * either column), then the same LIKE on those rows only, so what matches is exactly what the LIKE
 * alone gave (the index only narrows the rows: it folds case beyond ASCII, the LIKE does not).
 * Text shorter than a trigram cannot be looked up: it keeps the LIKE alone.
 */
export function userContainsFolded(
  // biome-ignore lint/suspicious/noExplicitAny: only the dialect is read
  db: Kysely<any>,
  table: 'users' | 'u',
  folded: string,
) {
  const like = sql<SqlBool>`(${containsFolded(sql.ref(`${table}.search_name`), folded)} or ${containsFolded(sql.ref(`${table}.email`), folded)})`;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite || [...folded].length < TRIGRAM) return like;
  // One FTS5 phrase: quoted, a quote inside doubled; nothing else in it is syntax.
  const phrase = `"${folded.replaceAll('"', '""')}"`;
  return sql<SqlBool>`(${sql.ref(`${table}.rowid`)} in (select rowid from users_search where users_search match ${phrase}) and ${like})`;
}
