// Zoom's credentials as the admin sets them in the app (Settings → Zoom): one row of
// provider_settings (migration 020), each value sealed by the server's secret box, never plain in
// the database. `version` grows with each change, so another process sees that it must read again
// (docs/decisions/024).
import type { Kysely } from 'kysely';
import {
  ZOOM_CREDENTIAL_FIELDS,
  type ZoomCredentialField,
} from '#common/providers/zoom/contracts.ts';
import type { Dialect } from '#server/db/connection.ts';
import { forUpdate } from '#server/db/locking.ts';
import type { Database } from '#server/db/schema.ts';
import { recordAudit } from '#server/lib/audit.ts';
import { type SecretBox, SecretUnreadable } from '#server/lib/secret-box.ts';
import type { ZoomCredentials } from './settings.ts';

const PROVIDER = 'zoom';

export interface StoredCredentials {
  values: ZoomCredentials;
  /** Stored, but sealed under another key than this server's. */
  unreadable: ZoomCredentialField[];
  version: number;
  updatedAt: string | null;
}

export const NOTHING_STORED: StoredCredentials = {
  values: {},
  unreadable: [],
  version: 0,
  updatedAt: null,
};

/** The sealed value's name: what it is, bound into its seal. */
const sealName = (field: ZoomCredentialField) => `${PROVIDER}.${field}`;

function sealedFieldsOf(text: string): Partial<Record<ZoomCredentialField, string>> {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const fields: Partial<Record<ZoomCredentialField, string>> = {};
  for (const field of ZOOM_CREDENTIAL_FIELDS) {
    const value = parsed[field];
    if (typeof value === 'string') fields[field] = value;
  }
  return fields;
}

/** The version stored now (0: nothing stored), for a cheap check whether to read again. */
export async function storedVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('provider_settings')
    .select('version')
    .where('provider', '=', PROVIDER)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

export async function readStoredCredentials(
  db: Kysely<Database>,
  box: SecretBox,
): Promise<StoredCredentials> {
  const row = await db
    .selectFrom('provider_settings')
    .selectAll()
    .where('provider', '=', PROVIDER)
    .executeTakeFirst();
  if (!row) return NOTHING_STORED;
  const values: ZoomCredentials = {};
  const unreadable: ZoomCredentialField[] = [];
  for (const [field, sealed] of Object.entries(sealedFieldsOf(row.sealed_fields)) as [
    ZoomCredentialField,
    string,
  ][]) {
    try {
      values[field] = box.open(sealName(field), sealed);
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      unreadable.push(field);
    }
  }
  return { values, unreadable, version: Number(row.version), updatedAt: row.updated_at };
}

/**
 * Replaces the fields given (a value) and clears those given as null, in one transaction; returns
 * the new version. `check` sees the credentials as they will be, and throws to refuse them.
 */
export async function writeStoredCredentials(
  { db, dialect }: { db: Kysely<Database>; dialect: Dialect },
  box: SecretBox,
  change: Partial<Record<ZoomCredentialField, string | null>>,
  by: { userId: string; at: string },
  check: (values: Partial<Record<ZoomCredentialField, true>>) => void,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The row exists before it is locked (an empty one, version 0, the first time): two first
    // saves at once then wait on one lock, and each merges its fields into the other's.
    await trx
      .insertInto('provider_settings')
      .values({
        provider: PROVIDER,
        sealed_fields: '{}',
        version: 0,
        updated_by: by.userId,
        updated_at: by.at,
      })
      .onConflict((conflict) => conflict.column('provider').doNothing())
      .execute();
    const row = await forUpdate(
      trx.selectFrom('provider_settings').selectAll().where('provider', '=', PROVIDER),
      dialect,
    ).executeTakeFirst();
    const sealed = row ? sealedFieldsOf(row.sealed_fields) : {};
    for (const field of ZOOM_CREDENTIAL_FIELDS) {
      const value = change[field];
      if (value === null) delete sealed[field];
      else if (value !== undefined) sealed[field] = box.seal(sealName(field), value);
    }
    check(Object.fromEntries(Object.keys(sealed).map((field) => [field, true])));
    const version = (row ? Number(row.version) : 0) + 1;
    const values = {
      sealed_fields: JSON.stringify(sealed),
      version,
      updated_by: by.userId,
      updated_at: by.at,
    };
    await trx
      .updateTable('provider_settings')
      .set(values)
      .where('provider', '=', PROVIDER)
      .execute();
    // That a credential was set or cleared, never its value (identifiers included).
    await recordAudit(trx, {
      action: 'provider.credentials',
      recordType: 'provider',
      recordId: PROVIDER,
      changes: Object.fromEntries(
        ZOOM_CREDENTIAL_FIELDS.filter((field) => change[field] !== undefined).map((field) => [
          field,
          { secret: true as const },
        ]),
      ),
    });
    return version;
  });
}
