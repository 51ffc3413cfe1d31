// The center's bank account and the VietQR code students pay by (issue 27, docs/decisions/028,
// "VietQR"): the banks of the NAPAS list (vietnam-qr-pay's), the rules for an account number, an
// account name as banks print it, and a transfer's content. The contracts both sides share.
import { Banks, VietQRStatus } from 'vietnam-qr-pay';
import { z } from 'zod';
import { codes } from './messages.ts';
import { amountSchema } from './money.ts';

export interface NapasBank {
  /** The bank's NAPAS BIN, six digits: what a VietQR payload names it by. */
  bin: string;
  short_name: string;
  name: string;
}

/**
 * The banks a VietQR code can pay into: the NAPAS list as vietnam-qr-pay keeps it, less the banks
 * VietQR does not serve and the names merged into another bank. A BIN names one bank: where the
 * list still holds an old name beside the new one (DongA Bank, now Vikki Bank), the one that
 * VietQR transfers serve is kept.
 */
export const NAPAS_BANKS: readonly NapasBank[] = [
  ...new Map(
    Banks.filter((bank) => bank.vietQRStatus !== VietQRStatus.NOT_SUPPORTED && !bank.deprecated)
      .sort((a, b) => a.vietQRStatus - b.vietQRStatus)
      .map((bank) => [bank.bin, { bin: bank.bin, short_name: bank.shortName, name: bank.name }]),
  ).values(),
].sort((a, b) => a.short_name.localeCompare(b.short_name, 'en'));

const BANKS_BY_BIN = new Map(NAPAS_BANKS.map((bank) => [bank.bin, bank]));

export const napasBank = (bin: string): NapasBank | undefined => BANKS_BY_BIN.get(bin);

/**
 * A name as Vietnamese banks print it: upper case, without tone and vowel marks, Đ as D
 * ('Trung tâm Anh ngữ' → 'TRUNG TAM ANH NGU'). Spaces are kept as typed (a form calls it on each
 * change); the schema below trims them.
 */
export function bankAccountName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase();
}

export const ACCOUNT_NUMBER_PATTERN = /^\d{6,19}$/;
export const MAX_ACCOUNT_NAME_LENGTH = 70;
const ACCOUNT_NAME_PATTERN = /^[A-Z0-9 .,&()/-]+$/;

const bankBin = z
  .string({ error: codes.TUITION_BANK_INVALID })
  .refine((bin) => BANKS_BY_BIN.has(bin), codes.TUITION_BANK_INVALID);
/** Digits only, 6 to 19; spaces, dots and dashes people type between groups are dropped. */
const accountNumber = z
  .string({ error: codes.TUITION_BANK_ACCOUNT_NUMBER_INVALID })
  .transform((typed) => typed.replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, codes.TUITION_BANK_ACCOUNT_NUMBER_INVALID));
/** Upper-case ASCII as the bank prints it; accents are taken off rather than refused. */
const accountName = z
  .string({ error: codes.TUITION_BANK_ACCOUNT_NAME_INVALID })
  .transform((typed) => bankAccountName(typed).replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(2, codes.TUITION_BANK_ACCOUNT_NAME_INVALID)
      .max(MAX_ACCOUNT_NAME_LENGTH, codes.TUITION_BANK_ACCOUNT_NAME_INVALID)
      .regex(ACCOUNT_NAME_PATTERN, codes.TUITION_BANK_ACCOUNT_NAME_INVALID),
  );

const BANK_FIELDS = ['bank_bin', 'account_number', 'account_name'] as const;

/** The bank account as the admin sets it: all three fields, or all three null to clear it. */
export const bankAccountInput = z
  .object({
    bank_bin: bankBin.nullable(),
    account_number: accountNumber.nullable(),
    account_name: accountName.nullable(),
  })
  .superRefine((input, context) => {
    const missing = BANK_FIELDS.filter((field) => input[field] === null);
    if (missing.length > 0 && missing.length < BANK_FIELDS.length) {
      context.addIssue({
        code: 'custom',
        message: codes.TUITION_BANK_INCOMPLETE,
        path: [missing[0]!],
      });
    }
  });
export type BankAccountInput = z.infer<typeof bankAccountInput>;
export type BankAccountRequest = z.input<typeof bankAccountInput>;

export const bankAccountSchema = z.object({
  bank_bin: z.string(),
  bank_short_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
});
export type BankAccountDto = z.infer<typeof bankAccountSchema>;
/** The center's bank account, or null while none is set. */
export const bankAccountReply = z.object({ account: bankAccountSchema.nullable() });

// The transfer a VietQR code asks for

/**
 * A transfer's content (EMVCo field 62.08, at most 25 characters): upper-case letters, digits,
 * spaces and dashes, which every banking app carries through unchanged (an invoice number such as
 * 'HP-2026-000123').
 */
export const QR_CONTENT_PATTERN = /^[A-Z0-9](?:[A-Z0-9 -]{0,23}[A-Z0-9])?$/;

/** What the Settings card's sample code asks for: 10.000 ₫ with a content that says it is a test. */
export const SAMPLE_QR = { amount: 10_000, content: 'KIEM TRA VIETQR' } as const;

export const qrPreviewQuery = z.object({
  amount: z
    .string({ error: codes.MONEY_AMOUNT_INVALID })
    .regex(/^\d{1,12}$/, codes.MONEY_AMOUNT_INVALID)
    .transform(Number)
    .pipe(amountSchema),
  content: z
    .string({ error: codes.TUITION_QR_CONTENT_INVALID })
    .regex(QR_CONTENT_PATTERN, codes.TUITION_QR_CONTENT_INVALID),
});

/** A VietQR code for one transfer: its payload, its image, and the account it pays into. */
export const vietQrSchema = z.object({
  /** The EMVCo payload the image encodes (for a test, or a copy into a banking app). */
  payload: z.string(),
  /** A PNG image as a data: URL. */
  image: z.string(),
  amount: z.number().int(),
  content: z.string(),
  bank: z.object({
    bin: z.string(),
    short_name: z.string(),
    name: z.string(),
    account_number: z.string(),
    account_name: z.string(),
  }),
});
export type VietQrDto = z.infer<typeof vietQrSchema>;
