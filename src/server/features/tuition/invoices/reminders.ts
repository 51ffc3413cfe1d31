// Invoices' reminders (issue 27): the student is told when an invoice is issued (after the issue's
// transaction has committed: from the routes), three days before it is due and when it becomes
// overdue, once each: every notification has a dedupe key ('invoice_issued:{invoice}', …), unique
// in the table, so several processes, retries and runs make each once. The job runs every minute
// in every process, beside the lessons' reminders; a run reads only invoices near their due date
// (due in the next three days, or overdue for at most a week: an overdue reminder is not sent
// months late, nor again once old notifications are cleared after 30 days).
import type { FastifyBaseLogger } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { NotificationType } from '#common/notifications.ts';
import type { AppContext } from '#server/context.ts';
import { addNotifications } from '#server/features/notifications/index.ts';
import { addDays, localDate } from '#server/lib/center-time.ts';
import { todayOf } from './invoices.ts';

export const DUE_SOON_DAYS = 3;
/** How long after its due date an overdue invoice is still reminded of (a job that did not run). */
export const OVERDUE_WINDOW_DAYS = 7;
const INTERVAL_MS = 60_000;

interface OpenInvoice {
  invoice_id: string;
  number: string;
  student_id: string;
  class_id: string | null;
  class_name: string;
  due_date: unknown;
  issued_at: unknown;
  owed: number | string;
}

const dateText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** Issued invoices with what is still owed on them, narrowed by `where` (a SQL fragment). */
async function openInvoices(ctx: AppContext, where: RawBuilder<unknown>) {
  const { rows } = await sql<OpenInvoice>`
    select o.* from (
      select i.invoice_id, i.number, i.student_id, i.class_id, i.class_name, i.due_date, i.issued_at,
        i.total - i.paid as owed
      from invoices i
      where i.status = 'issued' and ${where}
    ) o
  `.execute(ctx.database.db);
  return rows;
}

const notice = (type: NotificationType, invoice: OpenInvoice) => ({
  userId: invoice.student_id,
  type,
  params: {
    number: invoice.number,
    amount: String(Math.max(Number(invoice.owed), 0)),
    due_date: dateText(invoice.due_date),
    class_name: invoice.class_name,
  },
  classId: invoice.class_id,
  dedupeKey: `${type}:${invoice.invoice_id}`,
});

/** Tells the students of newly issued invoices (after the commit); returns how many were told. */
export async function notifyInvoicesIssued(
  ctx: AppContext,
  invoiceIds: readonly string[],
): Promise<number> {
  let made = 0;
  for (let i = 0; i < invoiceIds.length; i += 500) {
    const part = invoiceIds.slice(i, i + 500);
    const invoices = await openInvoices(ctx, sql`i.invoice_id in (${sql.join(part)})`);
    made += await addNotifications(
      ctx,
      invoices.map((invoice) => notice('invoice_issued', invoice)),
    );
  }
  return made;
}

/** The same, never failing the request it follows: a notification lost is logged, not an error. */
export async function tellInvoicesIssued(
  ctx: AppContext,
  log: FastifyBaseLogger,
  invoiceIds: readonly string[],
): Promise<void> {
  try {
    await notifyInvoicesIssued(ctx, invoiceIds);
  } catch (error) {
    log.warn({ err: error }, 'telling students of their issued invoices failed');
  }
}

/**
 * One run: 'due soon' for open invoices due within three days (issued before that window began:
 * an invoice issued with two days to go was just announced with its due date), 'overdue' for open
 * invoices past their due date (for a week at most). Returns how many notifications were made.
 */
export async function sendInvoiceReminders(ctx: AppContext): Promise<number> {
  const today = todayOf(ctx);
  const soonLast = addDays(today, DUE_SOON_DAYS);
  const overdueFirst = addDays(today, -OVERDUE_WINDOW_DAYS);
  const invoices = await openInvoices(
    ctx,
    sql`i.due_date >= ${overdueFirst} and i.due_date <= ${soonLast}`,
  );
  const zone = ctx.config.centerTimezone;
  const items = [];
  for (const invoice of invoices) {
    if (Number(invoice.owed) <= 0) continue;
    const due = dateText(invoice.due_date);
    if (due < today) {
      items.push(notice('invoice_overdue', invoice));
      continue;
    }
    const windowStart = addDays(due, -DUE_SOON_DAYS);
    const issuedOn = localDateOf(invoice.issued_at, zone);
    if (issuedOn < windowStart) items.push(notice('invoice_due_soon', invoice));
  }
  return addNotifications(ctx, items);
}

const localDateOf = (value: unknown, timeZone: string) =>
  localDate(value instanceof Date ? value : new Date(String(value)), timeZone);

/** Runs the invoice reminders every minute and once at start-up; the returned function stops it. */
export function startInvoiceReminders(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await sendInvoiceReminders(ctx);
    } catch (error) {
      log.warn({ err: error }, 'the invoice reminder run failed; the next one retries');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
