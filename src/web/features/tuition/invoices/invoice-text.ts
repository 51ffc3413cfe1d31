// An invoice in the reader's language: its month (MM/YYYY), each line from its label and values
// (a typed line: its own description), and its state.
import type { InvoiceLineDto, InvoiceState, InvoiceSummaryDto } from '#common/invoices.ts';
import { t } from '#web/i18n/index.ts';
import { formatCalendarDate } from '#web/lib/dates.ts';

/** 'YYYY-MM' as MM/YYYY. */
export const monthText = (period: string) => {
  const [year, month] = period.split('-');
  return `${month}/${year}`;
};

/** A line as its reader reads it: "Học phí 8 buổi tháng 03/2030", "Giảm 10% (Anh chị em)". */
export function lineText(line: Pick<InvoiceLineDto, 'label' | 'params' | 'description'>): string {
  const p = line.params;
  switch (line.label) {
    case 'lessons':
      return t('invoices.lineText.lessons', {
        count: Number(p.count ?? 0),
        month: monthText(p.period ?? ''),
      });
    case 'month':
      return t('invoices.lineText.month', { month: monthText(p.period ?? '') });
    case 'month_prorated':
      return t('invoices.lineText.month_prorated', {
        month: monthText(p.period ?? ''),
        lessons: Number(p.lessons ?? 0),
        of: Number(p.of ?? 0),
      });
    case 'course':
      return t('invoices.lineText.course');
    case 'instalment':
      return t('invoices.lineText.instalment', {
        position: p.position ?? '',
        of: p.of ?? '',
        date: p.due_date ? formatCalendarDate(p.due_date) : '',
      });
    case 'discount_percent':
      return t('invoices.lineText.discount_percent', {
        percent: p.percent ?? '',
        reason: p.reason ?? '',
      });
    case 'discount_fixed':
      return t('invoices.lineText.discount_fixed', { reason: p.reason ?? '' });
    default:
      return line.description || t(`invoices.lineText.${line.label}`);
  }
}

export const isDiscountLine = (line: Pick<InvoiceLineDto, 'label' | 'amount'>) =>
  line.amount < 0 || line.label.startsWith('discount') || line.label === 'custom_discount';

export const STATE_COLOR: Record<InvoiceState, string> = {
  draft: 'gray',
  issued: 'primary',
  partly_paid: 'warning',
  paid: 'success',
  void: 'error',
};

export const stateText = (state: InvoiceState) => t(`invoices.state.${state}`);

/** Its number, or 'Nháp' for a draft. */
export const numberText = (invoice: Pick<InvoiceSummaryDto, 'number'>) =>
  invoice.number ?? t('invoices.draftNumber');

/** The months an invoice is usually for: a year back to three months ahead, newest first. */
export function monthOptions(today: string): { value: string; label: string }[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const options = [];
  for (let offset = 3; offset >= -12; offset--) {
    const index = year * 12 + (month - 1) + offset;
    const value = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    options.push({ value, label: monthText(value) });
  }
  return options;
}

/** Where an invoice opens: the tuition page showing it (printable from there). */
export const invoicePath = (invoiceId: string) => `/tuition?invoice=${invoiceId}`;

/**
 * The due date a month's invoice starts with: the 10th of that month, or a week from today when
 * that day has passed (a month invoiced after it, or late in it), so no invoice is born overdue.
 */
export function defaultDueDate(period: string, today: string): string {
  const tenth = `${period}-10`;
  if (tenth >= today) return tenth;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 7)).toISOString().slice(0, 10);
}
