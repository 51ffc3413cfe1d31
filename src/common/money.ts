// Money (issue 27, docs/decisions/028-money-and-the-ledger.md): amounts are whole đồng, integers
// everywhere (database, API, web), never floating point. These are the rules both sides share: what
// an amount may be, and how one is written for a reader ('1.500.000 ₫' in Vietnamese,
// '₫1,500,000' in English). Grouping is written by hand rather than by Intl so the text is the
// same on every runtime (Intl puts a no-break space before '₫' and its data differs by version).
import { z } from 'zod';
import { codes } from './messages.ts';

// Writing an amount lives apart from the schema, so a page that only shows amounts does not
// download the validation library with it (the web app's menu bell, issue 31).
export { formatMoney } from './money-format.ts';

/** The largest amount one entry or price may carry: 100 billion đồng, far inside 2^53. */
export const MAX_AMOUNT = 100_000_000_000;

/** A positive amount of đồng as a form or a request gives it. */
export const amountSchema = z
  .number({ error: codes.MONEY_AMOUNT_INVALID })
  .int(codes.MONEY_AMOUNT_INVALID)
  .min(1, codes.MONEY_AMOUNT_INVALID)
  .max(MAX_AMOUNT, codes.MONEY_AMOUNT_INVALID);

/**
 * An amount as a person types it: digits with '.', ',' or spaces between groups, an optional '₫'
 * or 'đ'. Null when it is not a whole positive amount ('1.5' is refused, not rounded).
 */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/[₫đĐ\s]/g, '').replace(/^VND|VND$/i, '');
  if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(cleaned)) return null;
  const amount = Number(cleaned.replace(/[.,]/g, ''));
  return Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_AMOUNT ? amount : null;
}
