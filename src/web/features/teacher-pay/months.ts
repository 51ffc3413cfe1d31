// Months as the pay pages pick and show them: 'YYYY-MM', shown 'MM/YYYY'.
import { inCenter } from '#web/lib/dates.ts';

/** The month today is in, in the center's zone. */
export const thisMonth = () => inCenter(Date.now()).format('YYYY-MM');

/** The month before, and the 23 before that, then the next month (rates start from it). */
export function monthOptions(withNext = false) {
  const now = inCenter(Date.now()).startOf('month');
  const months = Array.from({ length: 24 }, (_, i) => now.subtract(i, 'month').format('YYYY-MM'));
  if (withNext) months.unshift(now.add(1, 'month').format('YYYY-MM'));
  return months.map((month) => ({ value: month, label: monthText(month) }));
}

export const monthText = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;
