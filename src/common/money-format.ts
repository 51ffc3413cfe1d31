// How an amount of đồng is written for a reader (src/common/money.ts, which re-exports it, has the
// rules): '1.500.000 ₫' in Vietnamese, '₫1,500,000' in English. Apart from the amount's schema so
// that what only shows amounts needs no validation library.

const group = (digits: string, separator: string) =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** '1.500.000 ₫' (vi) or '₫1,500,000' (en); a negative amount keeps its minus sign in front. */
export function formatMoney(amount: number, language: 'vi' | 'en' = 'vi'): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole amount of đồng: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount));
  return language === 'en' ? `${sign}₫${group(digits, ',')}` : `${sign}${group(digits, '.')} ₫`;
}
