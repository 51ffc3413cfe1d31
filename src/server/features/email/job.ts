// Sending the outbox (docs/decisions/039-email.md): every few seconds in every process, due
// messages are taken one by one with a conditional UPDATE (a lease, claimed_until), so of several
// processes on one database only one sends a message; the state lives in the database, so a
// restart picks up what was left. A failure is tried again after a back-off that doubles
// (1, 2, 4 … minutes, at most an hour); after MAX_EMAIL_ATTEMPTS tries the message is 'failed'.
// The SMTP settings are read at each run: a change is used at once, without a restart.
// A message whose sending was cut off (the process died between sending and writing 'sent') is
// sent again when its lease ends: at least once, never twice while both processes live.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '#server/context.ts';
import { sendMail } from './sender.ts';
import { readEmailSettings } from './settings.ts';

export const MAX_EMAIL_ATTEMPTS = 6;
export const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
/** How long one process holds a message it is sending. */
export const EMAIL_LEASE_MS = 2 * 60_000;
const MESSAGES_PER_RUN = 50;
/** Sent or failed messages are kept this long (what went out, for an admin asking). */
const KEEP_DONE_MS = 30 * 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The wait before the next try, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

async function claim(ctx: AppContext, messageId: string, now: number): Promise<boolean> {
  const result = await ctx.database.db
    .updateTable('email_outbox')
    .set({ claimed_until: iso(now + EMAIL_LEASE_MS), attempts: sql`attempts + 1` })
    .where('message_id', '=', messageId)
    .where('state', '=', 'pending')
    .where('due_at', '<=', iso(now))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * One run: due messages claimed and sent one after the other. Returns how many were sent.
 * `limit` caps the messages of this run (tests stop a process half-way with it).
 */
export async function runEmailOutbox(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { limit?: number } = {},
): Promise<number> {
  const settings = await readEmailSettings(ctx);
  if (!settings.smtp) return 0;
  const smtp = settings.smtp;
  const { db } = ctx.database;
  const now = ctx.clock.now().getTime();
  const due = await db
    .selectFrom('email_outbox')
    .select(['message_id'])
    .where('state', '=', 'pending')
    .where('due_at', '<=', iso(now))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', iso(now))]))
    .orderBy('due_at')
    .limit(Math.min(options.limit ?? MESSAGES_PER_RUN, MESSAGES_PER_RUN))
    .execute();
  // Messages done with for a month are let go.
  await db
    .deleteFrom('email_outbox')
    .where('state', 'in', ['sent', 'failed'])
    .where('due_at', '<', iso(now - KEEP_DONE_MS))
    .execute();
  let sent = 0;
  for (const { message_id } of due) {
    if (!(await claim(ctx, message_id, now))) continue;
    const message = await db
      .selectFrom('email_outbox')
      .selectAll()
      .where('message_id', '=', message_id)
      .executeTakeFirstOrThrow();
    try {
      await sendMail(smtp, {
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
      });
      const done = ctx.clock.now().toISOString();
      await db
        .updateTable('email_outbox')
        .set({
          state: 'sent',
          sent_at: done,
          claimed_until: null,
          last_error: null,
          // A reset link is a key: it is not kept once it has left.
          ...(message.kind === 'password_reset' ? { text_body: '', html_body: '' } : {}),
        })
        .where('message_id', '=', message_id)
        .execute();
      sent++;
    } catch (error) {
      const attempts = Number(message.attempts);
      const detail = (error as Error).message?.slice(0, 500) ?? String(error);
      const giveUp = attempts >= MAX_EMAIL_ATTEMPTS;
      log.warn(
        { messageId: message_id, attempts, err: detail },
        giveUp ? 'an e-mail failed for the last time' : 'an e-mail failed; tried again later',
      );
      await db
        .updateTable('email_outbox')
        .set(
          giveUp
            ? {
                state: 'failed',
                claimed_until: null,
                last_error: detail,
                ...(message.kind === 'password_reset' ? { text_body: '', html_body: '' } : {}),
              }
            : {
                due_at: iso(ctx.clock.now().getTime() + retryDelayMs(attempts)),
                claimed_until: null,
                last_error: detail,
              },
        )
        .where('message_id', '=', message_id)
        .execute();
    }
  }
  return sent;
}

/** Runs the sending every `intervalMs` (and once at start-up); the returned function stops it. */
export function startEmailOutbox(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await runEmailOutbox(ctx, log);
    } catch (error) {
      log.warn({ err: error }, 'the e-mail run failed; the next one retries');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, ctx.config.emailIntervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
