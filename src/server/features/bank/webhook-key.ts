// The bank webhook's API key (docs/decisions/030-bank-transfers.md): the admin generates one in
// Settings and sees it once; only its SHA-256 is kept (the key is 192 random bits, so a hash is as
// good as a password hash here and costs nothing to check). A new key revokes the one before.
// SePay sends it as `Authorization: Apikey <key>`; it is compared in constant time.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { WebhookKeyDto } from '#common/bank.ts';
import type { AppContext } from '#server/context.ts';
import type { SessionUser } from '#server/features/auth/index.ts';
import { recordAudit } from '#server/lib/audit.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export async function readWebhookKey(ctx: AppContext, webhookUrl: string): Promise<WebhookKeyDto> {
  const row = await ctx.database.db
    .selectFrom('bank_webhook_keys as k')
    .leftJoin('users as u', 'u.user_id', 'k.created_by')
    .select(['k.hint', 'k.created_at', 'u.full_name as created_by_name'])
    .where('k.revoked_at', 'is', null)
    .orderBy('k.created_at', 'desc')
    .executeTakeFirst();
  return {
    configured: row !== undefined,
    hint: row ? `…${row.hint}` : null,
    created_at: row?.created_at ?? null,
    created_by_name: row?.created_by_name ?? null,
    webhook_url: webhookUrl,
  };
}

/** A new key (the one before revoked); returned once, never stored as it is. */
export async function generateWebhookKey(ctx: AppContext, actor: SessionUser): Promise<string> {
  const key = `edu_${randomBytes(24).toString('base64url')}`;
  const now = ctx.clock.now().toISOString();
  const keyId = randomUUID();
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bank_webhook_keys')
      .set({ revoked_at: now, revoked_by: actor.user_id })
      .where('revoked_at', 'is', null)
      .execute();
    // That a key was made (the one before revoked), never the key nor its hint.
    await recordAudit(trx, {
      action: 'bank-webhook-key.create',
      recordType: 'settings',
      recordId: 'bank-webhook-key',
      changes: { webhook_key: { secret: true } },
    });
    await trx
      .insertInto('bank_webhook_keys')
      .values({
        key_id: keyId,
        key_hash: sha256(key).toString('hex'),
        hint: key.slice(-4),
        created_by: actor.user_id,
        created_at: now,
      })
      .execute();
  });
  return key;
}

export async function revokeWebhookKey(ctx: AppContext, actor: SessionUser): Promise<void> {
  await ctx.database.db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('bank_webhook_keys')
      .set({ revoked_at: ctx.clock.now().toISOString(), revoked_by: actor.user_id })
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) === 0) return;
    await recordAudit(trx, {
      action: 'bank-webhook-key.revoke',
      recordType: 'settings',
      recordId: 'bank-webhook-key',
      changes: { webhook_key: { secret: true } },
    });
  });
}

/**
 * Whose key an `Authorization: Apikey <key>` header carries: the admin who generated it (the
 * payments are written in their name), or undefined for a missing, wrong or revoked key.
 */
export async function webhookKeyOwner(
  ctx: AppContext,
  header: string | undefined,
): Promise<{ user_id: string | null } | undefined> {
  const match = /^Apikey\s+(\S{1,200})\s*$/i.exec(header ?? '');
  const presented = sha256(match?.[1] ?? '');
  const keys = await ctx.database.db
    .selectFrom('bank_webhook_keys')
    .select(['key_hash', 'created_by'])
    .where('revoked_at', 'is', null)
    .execute();
  let owner: { user_id: string | null } | undefined;
  for (const key of keys) {
    // Every live key is compared, in constant time, whatever matched before.
    if (timingSafeEqual(presented, Buffer.from(key.key_hash, 'hex')) && match) {
      owner = { user_id: key.created_by };
    }
  }
  return owner;
}
