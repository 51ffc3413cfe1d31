// An invoice's lines are written from their label and values in the reader's language (here the
// product's, Vietnamese), its month as MM/YYYY; the month choices run a year back to three ahead.
import { expect, test } from 'vitest';
import '#web/i18n/after-sign-in.ts';
import {
  defaultDueDate,
  lineText,
  monthOptions,
  monthText,
} from '#web/features/tuition/invoices/invoice-text.ts';

const line = (label: string, params: Record<string, string>, description: string | null = null) =>
  lineText({ label: label as never, params, description });

test('each kind of line in words, a typed line by its own description', () => {
  expect(line('lessons', { period: '2030-03', count: '8' })).toBe('Học phí 8 buổi tháng 03/2030');
  expect(line('month', { period: '2030-03' })).toBe('Học phí tháng 03/2030');
  expect(line('month_prorated', { period: '2030-03', lessons: '2', of: '4' })).toBe(
    'Học phí tháng 03/2030 (2/4 buổi)',
  );
  expect(line('course', {})).toBe('Học phí cả khoá');
  expect(line('instalment', { position: '1', of: '2', due_date: '2030-03-10' })).toBe(
    'Đợt 1/2 (hạn 10/03/2030)',
  );
  expect(line('discount_percent', { percent: '10', reason: 'Anh chị em' })).toBe(
    'Giảm 10% (Anh chị em)',
  );
  expect(line('discount_fixed', { reason: 'Học bổng' })).toBe('Giảm trừ (Học bổng)');
  expect(line('custom_charge', {}, 'Giáo trình')).toBe('Giáo trình');
  expect(line('custom_discount', {}, 'Khuyến mãi')).toBe('Khuyến mãi');
});

test('months as MM/YYYY, the choices across a new year', () => {
  expect(monthText('2030-03')).toBe('03/2030');
  const options = monthOptions('2030-11-20');
  expect(options).toHaveLength(16);
  expect(options[0]).toEqual({ value: '2031-02', label: '02/2031' });
  expect(options.find((o) => o.value === '2030-11')).toBeTruthy();
  expect(options.at(-1)).toEqual({ value: '2029-11', label: '11/2029' });
});

test("a month's invoice is due on its 10th, or a week from today once that day has passed", () => {
  expect(defaultDueDate('2026-12', '2026-11-24')).toBe('2026-12-10');
  expect(defaultDueDate('2027-01', '2026-11-24')).toBe('2027-01-10');
  expect(defaultDueDate('2026-11', '2026-11-10')).toBe('2026-11-10');
  expect(defaultDueDate('2026-11', '2026-11-24')).toBe('2026-12-01');
  expect(defaultDueDate('2026-10', '2026-12-28')).toBe('2027-01-04');
});
