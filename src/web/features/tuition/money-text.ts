// Money as the reader's language writes it (common/money.ts): '1.500.000 ₫' or '₫1,500,000'.
import { formatMoney } from '#common/money.ts';
import { language } from '#web/i18n/index.ts';

export const money = (amount: number) => formatMoney(amount, language);
