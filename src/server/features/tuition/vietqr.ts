// VietQR (issue 27, docs/decisions/028, "VietQR"): the code a student's banking app scans to pay
// an invoice. The payload is an EMVCo merchant-presented QR as NAPAS specifies VietQR: format '01',
// dynamic ('12': it carries an amount), field 38 with NAPAS's GUID A000000727, the bank's BIN, the
// account number and the service QRIBFTTA (a transfer to an account), VND (704), the amount in
// whole đồng, country VN, the transfer content in 62.08 (the invoice number, which is how a
// statement line finds its invoice), and the CRC-16/CCITT of it all in 63. vietnam-qr-pay writes
// the fields and the CRC; qrcode draws the image.
import type { Kysely } from 'kysely';
import type QRCodeModule from 'qrcode';
import { QRPay, VietQRService } from 'vietnam-qr-pay';
import {
  ACCOUNT_NUMBER_PATTERN,
  QR_CONTENT_PATTERN,
  type VietQrDto,
} from '#common/bank-account.ts';
import { MAX_AMOUNT } from '#common/money.ts';
import type { Database } from '#server/db/schema.ts';
import { lazyRequire } from '#server/lib/lazy-require.ts';
import { readBankAccount } from './bank-account.ts';

/** The image drawer, loaded when the first code is drawn (docs/decisions/047-memory.md). */
const qrCode = lazyRequire<typeof QRCodeModule>('qrcode');

export interface VietQrTransfer {
  /** The bank's NAPAS BIN (six digits). */
  bin: string;
  accountNumber: string;
  /** Whole đồng, 1 to 100 billion. */
  amount: number;
  /** The transfer content: an invoice number such as 'HP-2026-000123' (QR_CONTENT_PATTERN). */
  content: string;
}

/** The EMVCo payload of a VietQR code for one transfer, its CRC included. */
export function vietQrPayload({ bin, accountNumber, amount, content }: VietQrTransfer): string {
  // The callers have checked these against the same rules; a slip here must not draw a code that
  // pays the wrong account or the wrong amount.
  if (!/^\d{6}$/.test(bin)) throw new RangeError(`not a NAPAS BIN: ${bin}`);
  if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber))
    throw new RangeError(`not an account number: ${accountNumber}`);
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_AMOUNT)
    throw new RangeError(`not a whole amount of đồng: ${amount}`);
  if (!QR_CONTENT_PATTERN.test(content)) throw new RangeError(`not a transfer content: ${content}`);
  return QRPay.initVietQR({
    bankBin: bin,
    bankNumber: accountNumber,
    amount: String(amount),
    purpose: content,
    service: VietQRService.BY_ACCOUNT_NUMBER,
    initMethod: '12',
  }).build();
}

/**
 * The payload drawn as a PNG data URL: error correction M (a smudge or a fold still scans), a
 * quiet zone of four modules, 360 pixels wide (7 to 9 pixels per module: a VietQR payload
 * makes a code of 33 to 41 modules), which a phone reads from a screen or from paper.
 */
export function vietQrImage(payload: string): Promise<string> {
  return qrCode().toDataURL(payload, {
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 360,
    type: 'image/png',
  });
}

/**
 * The code for paying `amount` with `content` into the center's bank account, with the account as
 * the page shows it; null while the center has no bank account.
 */
export async function invoiceQr(
  db: Kysely<Database>,
  { amount, content }: { amount: number; content: string },
): Promise<VietQrDto | null> {
  const account = await readBankAccount(db);
  if (!account) return null;
  const payload = vietQrPayload({
    bin: account.bank_bin,
    accountNumber: account.account_number,
    amount,
    content,
  });
  return {
    payload,
    image: await vietQrImage(payload),
    amount,
    content,
    bank: {
      bin: account.bank_bin,
      short_name: account.bank_short_name,
      name: account.bank_name,
      account_number: account.account_number,
      account_name: account.account_name,
    },
  };
}
