// Searching the folded columns (migration 015) with what was typed, folded by the same function
// (#common/search.ts), the same way on SQLite and PostgreSQL.
import { type Expression, type SqlBool, sql } from 'kysely';
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
