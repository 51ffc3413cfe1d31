// The center's bank account for VietQR (issue 27, docs/decisions/028, "VietQR"): the admin sets
// it (a bank of the NAPAS list, the account number, the name as the bank prints it) or clears it;
// staff read it; teachers and students do not; bad input is refused with a code and changes
// nothing; the admin's sample code pays into the account saved, and without one there is none.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClock } from '../../helpers/clock.ts';
import { snapshot } from '../../helpers/factories.ts';
import { scanQr } from '../../helpers/qr.ts';
import { refusal } from '../../helpers/replies.ts';
import { type School, startSchool } from '../../helpers/school.ts';

const clock = new TestClock(Date.parse('2030-03-10T02:00:00Z'));
let school: School;
beforeAll(async () => {
  school = await startSchool({ clock });
});
afterAll(() => school.server.close());

const URL = '/api/center-settings/bank-account';
const preview = (query: string) => `/api/tuition/qr-preview?${query}`;
const VIETCOMBANK = {
  bank_bin: '970436',
  account_number: '0071000123456',
  account_name: 'TRUNG TAM ANH NGU EDU',
};
const CLEARED = { bank_bin: null, account_number: null, account_name: null };
const unchanged = async (act: () => Promise<unknown>) => {
  const before = await snapshot(school.server, ['center_settings']);
  await act();
  expect(await snapshot(school.server, ['center_settings'])).toEqual(before);
};
const decode = (dataUrl: string) => scanQr(dataUrl).text;

describe("the center's bank account", () => {
  test('none at first; the admin sets it, staff read it; the name is written as banks print it', async () => {
    expect((await school.admin.get(URL)).body).toEqual({ account: null });
    const saved = await school.admin.put(URL, {
      bank_bin: '970436',
      account_number: '0071 000 123456',
      account_name: 'Trung tâm Anh ngữ Edu',
    });
    expect(saved.status, saved.text).toBe(200);
    const account = {
      bank_bin: '970436',
      bank_short_name: 'Vietcombank',
      bank_name: expect.stringMatching(/Ngoại Thương/i),
      account_number: '0071000123456',
      account_name: 'TRUNG TAM ANH NGU EDU',
    };
    expect(saved.body).toEqual({ code: 'TUITION_BANK_SAVED', account });
    const read = await school.staff.client.get(URL);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ account });
    // The public center settings (the sign-in page reads them) say nothing of it.
    const publicSettings = await school.server.client().get('/api/center-settings');
    expect(JSON.stringify(publicSettings.body)).not.toMatch(/0071000123456|bank/);

    // Another bank replaces it.
    const changed = await school.admin.put(URL, {
      bank_bin: '970422',
      account_number: '123456789012',
      account_name: 'EDU CENTER',
    });
    expect(changed.body.account).toMatchObject({ bank_bin: '970422', bank_short_name: 'MB Bank' });
  });

  test('null fields clear it; then there is no code to show', async () => {
    await school.admin.put(URL, VIETCOMBANK);
    const cleared = await school.admin.put(URL, CLEARED);
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toEqual({ code: 'TUITION_BANK_CLEARED', account: null });
    expect((await school.staff.client.get(URL)).body).toEqual({ account: null });
    const none = await school.admin.get(preview('amount=10000&content=KIEM%20TRA%20VIETQR'));
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('TUITION_BANK_NOT_SET');
  });

  test('only the admin sets it; staff read it; teachers, students and strangers do not', async () => {
    await school.admin.put(URL, VIETCOMBANK);
    await unchanged(async () => {
      expect((await school.staff.client.put(URL, CLEARED)).status).toBe(403);
      expect((await school.teacher.client.put(URL, CLEARED)).status).toBe(403);
      expect((await school.student.client.put(URL, CLEARED)).status).toBe(403);
      expect((await school.server.client().put(URL, CLEARED)).status).toBe(401);
    });
    expect((await school.teacher.client.get(URL)).status).toBe(403);
    expect((await school.student.client.get(URL)).status).toBe(403);
    expect((await school.server.client().get(URL)).status).toBe(401);
    const sample = preview('amount=10000&content=KIEM%20TRA%20VIETQR');
    expect((await school.staff.client.get(sample)).status).toBe(403);
    expect((await school.student.client.get(sample)).status).toBe(403);
    expect((await school.server.client().get(sample)).status).toBe(401);
  });

  test('bad input is refused with a code and changes nothing', async () => {
    await school.admin.put(URL, VIETCOMBANK);
    const cases: [unknown, string, string][] = [
      [{ ...VIETCOMBANK, bank_bin: '999999' }, 'TUITION_BANK_INVALID', 'bank_bin'],
      [{ ...VIETCOMBANK, bank_bin: 970436 }, 'TUITION_BANK_INVALID', 'bank_bin'],
      // BIDC is on the NAPAS list but VietQR does not serve it.
      [{ ...VIETCOMBANK, bank_bin: '970464' }, 'TUITION_BANK_INVALID', 'bank_bin'],
      [
        { ...VIETCOMBANK, account_number: '12345' },
        'TUITION_BANK_ACCOUNT_NUMBER_INVALID',
        'account_number',
      ],
      [
        { ...VIETCOMBANK, account_number: '1'.repeat(20) },
        'TUITION_BANK_ACCOUNT_NUMBER_INVALID',
        'account_number',
      ],
      [
        { ...VIETCOMBANK, account_number: '00710001234AB' },
        'TUITION_BANK_ACCOUNT_NUMBER_INVALID',
        'account_number',
      ],
      [
        { ...VIETCOMBANK, account_number: 71000123456 },
        'TUITION_BANK_ACCOUNT_NUMBER_INVALID',
        'account_number',
      ],
      [{ ...VIETCOMBANK, account_name: ' ' }, 'TUITION_BANK_ACCOUNT_NAME_INVALID', 'account_name'],
      [
        { ...VIETCOMBANK, account_name: 'EDU 😀' },
        'TUITION_BANK_ACCOUNT_NAME_INVALID',
        'account_name',
      ],
      [
        { ...VIETCOMBANK, account_name: 'A'.repeat(71) },
        'TUITION_BANK_ACCOUNT_NAME_INVALID',
        'account_name',
      ],
      [{ ...VIETCOMBANK, account_number: null }, 'TUITION_BANK_INCOMPLETE', 'account_number'],
      [{ ...CLEARED, bank_bin: '970436' }, 'TUITION_BANK_INCOMPLETE', 'account_number'],
      [
        { bank_bin: '970436', account_name: 'EDU' },
        'TUITION_BANK_ACCOUNT_NUMBER_INVALID',
        'account_number',
      ],
      [{}, 'TUITION_BANK_INVALID', 'bank_bin'],
    ];
    for (const [body, code, field] of cases) {
      await unchanged(async () => {
        const response = await school.admin.put(URL, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(refusal(response.body).code, JSON.stringify(body)).toBe(code);
        expect(response.body.field, JSON.stringify(body)).toBe(field);
      });
    }
    expect((await school.admin.get(URL)).body.account.account_number).toBe('0071000123456');
  });
});

describe('the sample VietQR code', () => {
  test("the admin's sample pays the amount with the content into the account saved", async () => {
    await school.admin.put(URL, VIETCOMBANK);
    const sample = await school.admin.get(preview('amount=10000&content=KIEM%20TRA%20VIETQR'));
    expect(sample.status, sample.text).toBe(200);
    expect(sample.body).toMatchObject({
      amount: 10_000,
      content: 'KIEM TRA VIETQR',
      bank: {
        bin: '970436',
        short_name: 'Vietcombank',
        account_number: '0071000123456',
        account_name: 'TRUNG TAM ANH NGU EDU',
      },
    });
    expect(sample.body.image).toMatch(/^data:image\/png;base64,/);
    const scanned = decode(sample.body.image);
    expect(scanned).toBe(sample.body.payload);
    expect(scanned).toContain('0006970436011300710001234560208QRIBFTTA');
    expect(scanned).toContain('540510000');
    expect(scanned).toContain('0815KIEM TRA VIETQR');
  });

  test('a bad amount or content is refused with a code', async () => {
    const cases: [string, string][] = [
      ['content=HP-1', 'MONEY_AMOUNT_INVALID'],
      ['amount=0&content=HP-1', 'MONEY_AMOUNT_INVALID'],
      ['amount=10.5&content=HP-1', 'MONEY_AMOUNT_INVALID'],
      ['amount=-5&content=HP-1', 'MONEY_AMOUNT_INVALID'],
      ['amount=100000000001&content=HP-1', 'MONEY_AMOUNT_INVALID'],
      ['amount=abc&content=HP-1', 'MONEY_AMOUNT_INVALID'],
      ['amount=10000', 'TUITION_QR_CONTENT_INVALID'],
      ['amount=10000&content=', 'TUITION_QR_CONTENT_INVALID'],
      ['amount=10000&content=h%E1%BB%8Dc%20ph%C3%AD', 'TUITION_QR_CONTENT_INVALID'],
      [`amount=10000&content=${'A'.repeat(26)}`, 'TUITION_QR_CONTENT_INVALID'],
    ];
    for (const [query, code] of cases) {
      const response = await school.admin.get(preview(query));
      expect(response.status, query).toBe(400);
      expect(refusal(response.body).code, query).toBe(code);
    }
  });
});
