// The pool's table (product.md §3 zoom_accounts), added to the database's table types from here so
// that the core's schema never names it.
import type { DbBool } from '#server/db/schema.ts';

export interface ZoomAccountTable {
  zoom_account_id: string;
  zoom_user_id: string;
  email: string;
  is_busy: DbBool;
  is_active: DbBool;
  created_at: string;
}

declare module '#server/db/schema.ts' {
  interface Database {
    zoom_accounts: ZoomAccountTable;
  }
}
