// VietQR (issue 27, docs/decisions/028): the image a banking app scans is decoded here as a phone
// would (data URL → PNG → RGBA pixels → jsQR), and the payload it holds is read field by field
// against NAPAS's VietQR layout of an EMVCo merchant-presented code, its CRC recomputed by hand.
import { describe, expect, test } from 'vitest';
import { bankAccountInput, bankAccountName, NAPAS_BANKS } from '#common/bank-account.ts';
import { vietQrImage, vietQrPayload } from '#server/features/tuition/vietqr.ts';
import { scanQr } from '../../../../helpers/qr.ts';

/** EMVCo's TLV: two digits of id, two of length, the value; in order, as written. */
function fields(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    expect(Number.isInteger(length), `length of ${id} at ${at}`).toBe(true);
    const value = text.slice(at + 4, at + 4 + length);
    expect(value.length, `field ${id} is as long as it says`).toBe(length);
    expect(found.has(id), `field ${id} once`).toBe(false);
    found.set(id, value);
    at += 4 + length;
  }
  return found;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as EMVCo specifies for field 63. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** What a phone's camera reads from the image. */
function scan(dataUrl: string): { text: string; width: number } {
  const { text, width, type } = scanQr(dataUrl);
  expect(type).toBe('data:image/png;base64');
  expect(text, 'the image holds a QR code').not.toBeNull();
  return { text: text!, width };
}

const TRANSFER = {
  bin: '970436',
  accountNumber: '0071000123456',
  amount: 1_500_000,
  content: 'HP-2026-000123',
};

describe('a VietQR code', () => {
  test('the image decodes to the payload, and the payload reads field by field', async () => {
    const payload = vietQrPayload(TRANSFER);
    const image = await vietQrImage(payload);
    const { text, width } = scan(image);
    expect(text).toBe(payload);
    // Large enough for a phone at arm's length from a screen or a printed invoice.
    expect(width).toBeGreaterThanOrEqual(300);

    const root = fields(text);
    expect([...root.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
    expect(root.get('00')).toBe('01'); // payload format
    expect(root.get('01')).toBe('12'); // dynamic: this amount, this once
    const merchant = fields(root.get('38')!);
    expect(merchant.get('00')).toBe('A000000727'); // NAPAS's GUID
    const beneficiary = fields(merchant.get('01')!);
    expect(beneficiary.get('00')).toBe('970436'); // the bank's BIN
    expect(beneficiary.get('01')).toBe('0071000123456'); // the account
    expect(merchant.get('02')).toBe('QRIBFTTA'); // transfer to an account
    expect(root.get('53')).toBe('704'); // VND
    expect(root.get('54')).toBe('1500000'); // whole đồng, no decimals
    expect(root.get('58')).toBe('VN');
    expect(fields(root.get('62')!).get('08')).toBe('HP-2026-000123');
    // The CRC covers everything up to and including '6304'.
    expect(text.slice(-8, -4)).toBe('6304');
    expect(root.get('63')).toBe(crc16(text.slice(0, -4)));
  });

  test("a reference payload's CRC matches the one computed by hand (the check is not vacuous)", () => {
    // The sample of the NAPAS VietQR guide's layout: a dynamic code of 10.000 ₫ into 0011001234567
    // at BIN 970436; its CRC recomputed here independently of vietnam-qr-pay.
    const payload = vietQrPayload({
      bin: '970436',
      accountNumber: '0011001234567',
      amount: 10_000,
      content: 'HP-2026-000123',
    });
    expect(payload.slice(0, -4)).toBe(
      '00020101021238570010A00000072701270006970436011300110012345670208QRIBFTTA53037045405100005802VN62180814HP-2026-0001236304',
    );
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    const tampered = payload.replace('5405100005', '5405900005');
    expect(tampered.slice(-4)).not.toBe(crc16(tampered.slice(0, -4)));
  });

  test('the longest transfer still scans: a 19-digit account, 100 billion đồng, 25 characters', async () => {
    const payload = vietQrPayload({
      bin: '970422',
      accountNumber: '1234567890123456789',
      amount: 100_000_000_000,
      content: 'HP-2026-000123 LOP IELTS7',
    });
    const root = fields(scan(await vietQrImage(payload)).text);
    expect(fields(fields(root.get('38')!).get('01')!).get('01')).toBe('1234567890123456789');
    expect(root.get('54')).toBe('100000000000');
    expect(fields(root.get('62')!).get('08')).toBe('HP-2026-000123 LOP IELTS7');
  });

  test('refuses what would draw a wrong code', () => {
    const bad: Partial<typeof TRANSFER>[] = [
      { bin: '97043' },
      { accountNumber: '12345' },
      { accountNumber: '1234-5678' },
      { amount: 0 },
      { amount: 1500.5 },
      { amount: 100_000_000_001 },
      { content: 'hp-2026-000123' },
      { content: 'Học phí' },
      { content: 'A'.repeat(26) },
      { content: '' },
    ];
    for (const change of bad) {
      expect(() => vietQrPayload({ ...TRANSFER, ...change }), JSON.stringify(change)).toThrow(
        RangeError,
      );
    }
  });
});

describe('the bank account', () => {
  test('the NAPAS list: BIN, short name and full name, each BIN once', () => {
    expect(NAPAS_BANKS.length).toBeGreaterThan(40);
    const vietcombank = NAPAS_BANKS.find((bank) => bank.bin === '970436');
    expect(vietcombank?.short_name).toBe('Vietcombank');
    expect(vietcombank?.name).toMatch(/Ngoại Thương/i);
    expect(new Set(NAPAS_BANKS.map((bank) => bank.bin)).size).toBe(NAPAS_BANKS.length);
    // DongA Bank's BIN is Vikki Bank's now: the list names the bank that serves it.
    expect(NAPAS_BANKS.find((bank) => bank.bin === '970406')?.short_name).toBe('Vikki Bank');
  });

  test('an account name is written as banks print it', () => {
    expect(bankAccountName('Trung tâm Anh ngữ')).toBe('TRUNG TAM ANH NGU');
    expect(bankAccountName('Công ty TNHH Đức Đạt')).toBe('CONG TY TNHH DUC DAT');
    const parsed = bankAccountInput.parse({
      bank_bin: '970436',
      account_number: ' 0071 000 123456 ',
      account_name: '  Trung   tâm Anh ngữ ',
    });
    expect(parsed).toEqual({
      bank_bin: '970436',
      account_number: '0071000123456',
      account_name: 'TRUNG TAM ANH NGU',
    });
  });
});
